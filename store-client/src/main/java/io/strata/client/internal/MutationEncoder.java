package io.strata.client.internal;

import com.google.protobuf.CodedOutputStream;
import io.strata.client.Append;
import io.strata.client.Delete;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.common.cell.CellLimits;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.rpc.CellBlock;
import java.io.IOException;

/**
 * A {@link MutationProto}'s fields written straight from a {@link #plain} mutation, byte for
 * byte what {@link OperationProtos#toProto(Mutation, CellBlock.Writer)} builds (fields in number
 * order, proto3 defaults left out); the message's tag and length are the container's to write.
 * Every single write and every write buffer's batch is such a mutation.
 */
final class MutationEncoder {
  private static final int ROW = 1;
  private static final int TYPE = 2;
  private static final int DURABILITY = 3;
  private static final int CELL_COUNT = 4;
  private static final int SKIP_RESULTS = 5;

  private final Mutation mutation;
  private final int type;
  private final int durability;
  private final boolean skipResults;
  private final int size;

  /**
   * Whether {@code m} needs no more than row, type, durability, cell count and whether it
   * answers: no attributes, no TTL, no time range of its read, and not a delete of a whole row
   * up to a time (which carries that time).
   */
  static boolean plain(Mutation m) {
    if (m == null || !m.getAttributesMap().isEmpty() || m.getTTL() != Mutation.NO_TTL) {
      return false;
    }
    if (m instanceof Put) {
      return true;
    }
    if (m instanceof Delete) {
      return !(m.isEmpty() && m.getTimestamp() != CellLimits.LATEST_TIMESTAMP);
    }
    if (m instanceof Increment inc) {
      return inc.getTimeRange().isAllTime();
    }
    return m instanceof Append app && app.getTimeRange().isAllTime();
  }

  /**
   * The fields of {@code m} (one that is {@link #plain}), its cells added to {@code cells}.
   * Throws IllegalArgumentException for a mutation that cannot be sent, as the builder does.
   */
  MutationEncoder(Mutation m, CellBlock.Writer cells) {
    IllegalArgumentException unsendable = OperationProtos.unsendable(m);
    if (unsendable != null) {
      throw unsendable;
    }
    mutation = m;
    MutationProto.Type t;
    boolean skip = false;
    if (m instanceof Put) {
      t = MutationProto.Type.PUT;
    } else if (m instanceof Delete) {
      t = MutationProto.Type.DELETE;
    } else if (m instanceof Increment inc) {
      t = MutationProto.Type.INCREMENT;
      skip = !inc.isReturnResults();
    } else {
      t = MutationProto.Type.APPEND;
      skip = !((Append) m).isReturnResults();
    }
    type = t.getNumber();
    skipResults = skip;
    durability = OperationProtos.toProto(m.getDurability()).getNumber();
    int count = m.size();
    size = (m.getRow().length == 0 ? 0 : CodedOutputStream.computeByteArraySize(ROW, m.getRow()))
        + (type == 0 ? 0 : CodedOutputStream.computeEnumSize(TYPE, type))
        + (durability == 0 ? 0 : CodedOutputStream.computeEnumSize(DURABILITY, durability))
        + (count == 0 ? 0 : CodedOutputStream.computeUInt32Size(CELL_COUNT, count))
        + (skip ? CodedOutputStream.computeBoolSize(SKIP_RESULTS, true) : 0);
    cells.addAll(m.cells(), m.encodedSize());
  }

  /** Bytes of the fields {@link #writeTo} writes. */
  int size() {
    return size;
  }

  void writeTo(CodedOutputStream out) throws IOException {
    byte[] row = mutation.getRow();
    if (row.length > 0) {
      out.writeByteArray(ROW, row);
    }
    if (type != 0) {
      out.writeEnum(TYPE, type);
    }
    if (durability != 0) {
      out.writeEnum(DURABILITY, durability);
    }
    if (mutation.size() != 0) {
      out.writeUInt32(CELL_COUNT, mutation.size());
    }
    if (skipResults) {
      out.writeBool(SKIP_RESULTS, true);
    }
  }
}
