package io.strata.client.internal;

import static io.strata.client.internal.RequestEncoding.LENGTH_DELIMITED;
import static io.strata.client.internal.RequestEncoding.lengthDelimited;

import com.google.protobuf.CodedOutputStream;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.common.proto.ClientProtos.PutBatchRequest;
import io.strata.common.rpc.CellBlock;
import io.strata.common.rpc.RpcParam;
import io.strata.common.schema.Durability;
import java.io.IOException;
import java.util.List;

/**
 * A {@link PutBatchRequest}: a batch of plain puts, each sent as its index and its number of
 * cells, its row being its cells' (docs/formats/rpc.md). A write buffer's batch as a
 * {@code MultiRequest} carried a message of some 40 bytes for every row (index, row, type,
 * cell count), which the benchmark client sized and wrote under C1 in about 0.3 µs a row and
 * the server read in about 0.15.
 */
final class PutBatchEncoder implements RpcParam {
  // PutBatchRequest
  private static final int REGIONS = 1;
  // PutBatchRegionProto
  private static final int REGION = 1;
  private static final int INDEXES = 2;
  private static final int CELL_COUNTS = 3;
  private static final int DURABILITY = 4;

  private final List<MultiRequestEncoder.Region> regions;
  private final List<BatchCaller.Action> actions;
  private final byte[][] names;
  private final int[] indexBytes;
  private final int[] countBytes;
  private final int[] durabilities;
  private final int[] regionSizes;
  private final int size;

  /**
   * Whether {@code m} can go in a PutBatch region of puts of {@code durability}: a put with
   * cells, no attributes and no TTL, of that durability.
   */
  private static boolean fits(Mutation m, Durability durability) {
    return m instanceof Put && !m.isEmpty() && m.getDurability() == durability
        && MutationEncoder.plain(m);
  }

  /** Whether every one of {@code ids} is a put that {@link #fits} with the first one's. */
  static boolean fitsAll(List<Integer> ids, List<BatchCaller.Action> actions) {
    if (ids.isEmpty()) {
      return true;
    }
    Mutation first = actions.get(ids.get(0)).mutation();
    if (first == null) {
      return false;
    }
    Durability d = first.getDurability();
    for (int k = 0, n = ids.size(); k < n; k++) {
      if (!fits(actions.get(ids.get(k)).mutation(), d)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Encodes {@code regions}' puts (indexes into {@code actions}, each region's
   * {@link #fitsAll}), adding their cells to {@code cells} in order.
   */
  PutBatchEncoder(List<MultiRequestEncoder.Region> regions, List<BatchCaller.Action> actions,
      CellBlock.Writer cells) {
    this.regions = regions;
    this.actions = actions;
    int n = regions.size();
    names = new byte[n][];
    indexBytes = new int[n];
    countBytes = new int[n];
    durabilities = new int[n];
    regionSizes = new int[n];
    int total = 0;
    for (int r = 0; r < n; r++) {
      names[r] = RequestEncoding.regionName(regions.get(r).encodedName());
      int ib = 0;
      int cb = 0;
      List<Integer> ids = regions.get(r).actions();
      for (int k = 0, m = ids.size(); k < m; k++) {
        int i = ids.get(k);
        Mutation put = actions.get(i).mutation();
        ib += CodedOutputStream.computeUInt32SizeNoTag(i);
        cb += CodedOutputStream.computeUInt32SizeNoTag(put.size());
        cells.addAll(put.cells(), put.encodedSize());
      }
      indexBytes[r] = ib;
      countBytes[r] = cb;
      int s = RequestEncoding.regionSize(REGION, names[r]);
      if (!ids.isEmpty()) {
        s += CodedOutputStream.computeTagSize(INDEXES) + lengthDelimited(ib)
            + CodedOutputStream.computeTagSize(CELL_COUNTS) + lengthDelimited(cb);
        durabilities[r] = OperationProtos.toProto(
            actions.get(ids.get(0)).mutation().getDurability()).getNumber();
        if (durabilities[r] != 0) {
          s += CodedOutputStream.computeEnumSize(DURABILITY, durabilities[r]);
        }
      }
      regionSizes[r] = s;
      total += CodedOutputStream.computeTagSize(REGIONS) + lengthDelimited(s);
    }
    size = total;
  }

  @Override
  public int serializedSize() {
    return size;
  }

  @Override
  public void writeTo(CodedOutputStream out) throws IOException {
    for (int r = 0; r < regions.size(); r++) {
      RequestEncoding.startRegionPart(out, REGIONS, regionSizes[r], names[r]);
      List<Integer> ids = regions.get(r).actions();
      if (ids.isEmpty()) {
        continue;
      }
      out.writeTag(INDEXES, LENGTH_DELIMITED);
      out.writeUInt32NoTag(indexBytes[r]);
      for (int k = 0, m = ids.size(); k < m; k++) {
        out.writeUInt32NoTag(ids.get(k));
      }
      out.writeTag(CELL_COUNTS, LENGTH_DELIMITED);
      out.writeUInt32NoTag(countBytes[r]);
      for (int k = 0, m = ids.size(); k < m; k++) {
        out.writeUInt32NoTag(actions.get(ids.get(k)).mutation().size());
      }
      if (durabilities[r] != 0) {
        out.writeEnum(DURABILITY, durabilities[r]);
      }
    }
  }
}
