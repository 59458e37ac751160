package io.strata.server.regionserver;

import io.strata.client.Append;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Scan;
import io.strata.client.internal.OperationProtos;
import io.strata.common.cell.Cell;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.error.StrataException;
import io.strata.common.filter.FilterCodec;
import io.strata.common.proto.ClientProtos.ColumnProto;
import io.strata.common.proto.ClientProtos.FamilyTimeRangeProto;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.proto.ClientProtos.ScanProto;
import io.strata.common.proto.ClientProtos.TimeRangeProto;
import io.strata.server.region.RowEdit;
import java.io.IOException;

/**
 * The client's objects that observers see, made from a call's wire form only when the region
 * has coprocessors: a Get from its message, a Put or Delete from the edit the server made of
 * its message.
 */
final class ObservedCalls {
  private ObservedCalls() {}

  static Get get(GetProto p) throws BadRequestException {
    Get g = new Get(p.getRow().toByteArray());
    for (ColumnProto c : p.getColumnsList()) {
      byte[] family = c.getFamily().toByteArray();
      if (c.getQualifiersCount() == 0) {
        g.addFamily(family);
      }
      c.getQualifiersList().forEach(q -> g.addColumn(family, q.toByteArray()));
    }
    try {
      if (p.hasFilter()) {
        g.setFilter(FilterCodec.fromProto(p.getFilter()));
      }
      if (p.hasTimeRange()) {
        g.setTimeRange(p.getTimeRange().getMin(), max(p.getTimeRange()));
      }
      for (FamilyTimeRangeProto f : p.getFamilyTimeRangesList()) {
        g.setColumnFamilyTimeRange(f.getFamily().toByteArray(), f.getTimeRange().getMin(),
            max(f.getTimeRange()));
      }
      g.readVersions(Math.max(1, p.getMaxVersions()));
    } catch (IllegalArgumentException e) {
      throw new BadRequestException("the get of row '" + io.strata.common.util.Bytes
          .toStringBinary(p.getRow().toByteArray()) + "' cannot be read: " + e.getMessage());
    }
    g.setCacheBlocks(!p.getSkipBlockCache());
    g.setCheckExistenceOnly(p.getExistenceOnly());
    p.getAttributesMap().forEach((k, v) -> g.setAttribute(k, v.toByteArray()));
    return g;
  }

  static Scan scan(ScanProto p) throws BadRequestException {
    try {
      return OperationProtos.toScan(p);
    } catch (IllegalArgumentException e) {
      throw new BadRequestException("the scan from row '" + io.strata.common.util.Bytes
          .toStringBinary(p.getStartRow().toByteArray()) + "' cannot be read: "
          + e.getMessage());
    }
  }

  /**
   * The CheckAndMutate a conditional mutate call is, its mutations read from {@code cells} (a
   * reader of its own over the call's cell block) through {@code t}'s checks.
   */
  static io.strata.client.CheckAndMutate checkAndMutate(byte[] row,
      io.strata.common.proto.ClientProtos.MutateRequest req, io.strata.common.rpc.CellBlock.Reader
          cells, RequestTranslator t) throws java.io.IOException {
    io.strata.common.proto.ClientProtos.ConditionProto c = req.getCondition();
    io.strata.client.CheckAndMutate.Builder b = io.strata.client.CheckAndMutate.newBuilder(row);
    try {
      if (c.hasFilter()) {
        b.ifMatches(FilterCodec.fromProto(c.getFilter()));
      } else {
        b.ifMatches(c.getFamily().toByteArray(), c.getQualifier().toByteArray(),
            io.strata.common.filter.CompareOperator.valueOf(c.getCompareOp()),
            c.hasValue() ? c.getValue().toByteArray() : null);
      }
      if (c.hasTimeRange()) {
        b.timeRange(io.strata.client.TimeRange.between(c.getTimeRange().getMin(),
            max(c.getTimeRange())));
      }
      java.util.List<Mutation> actions = new java.util.ArrayList<>();
      for (MutationProto m : req.getMutationsList()) {
        actions.add(m.getType() == MutationProto.Type.PUT
            || m.getType() == MutationProto.Type.DELETE ? mutation(m.getType(), t.edit(m, cells))
            : readModifyWrite(m, cells.next(m.getCellCount())));
      }
      if (actions.size() == 1) {
        Mutation m = actions.get(0);
        return m instanceof Put p ? b.build(p) : m instanceof Delete d ? b.build(d)
            : m instanceof io.strata.client.Increment i ? b.build(i)
                : b.build((io.strata.client.Append) m);
      }
      return b.build(new io.strata.client.RowMutations(row).add(actions));
    } catch (IllegalArgumentException e) {
      throw new BadRequestException("the check-and-mutate of row '"
          + io.strata.common.util.Bytes.toStringBinary(row) + "' cannot be read: "
          + e.getMessage());
    }
  }

  private static long max(TimeRangeProto t) {
    return t.hasMax() ? t.getMax() : Long.MAX_VALUE;
  }

  /** The Put or Delete a put's or delete's edit is. */
  static Mutation mutation(MutationProto.Type type, RowEdit e) {
    Mutation m = type == MutationProto.Type.PUT ? new Put(e.row()) : new Delete(e.row());
    for (Cell c : e.cells()) {
      if (m instanceof Put p) {
        p.add(c);
      } else {
        ((Delete) m).add(c);
      }
    }
    m.setDurability(e.durability());
    e.attributes().forEach(m::setAttribute);
    return m;
  }

  /** The Increment or Append an increment's or append's message and cells are. */
  static Mutation readModifyWrite(MutationProto m, java.util.List<Cell> cells)
      throws BadRequestException {
    byte[] row = m.getRow().toByteArray();
    Mutation op;
    if (m.getType() == MutationProto.Type.INCREMENT) {
      Increment inc = new Increment(row).setReturnResults(!m.getSkipResults());
      for (Cell c : cells) {
        if (c.getValueLength() != Long.BYTES) {
          throw new BadRequestException("an increment of row '" + io.strata.common.util.Bytes
              .toStringBinary(row) + "' carries " + c.getValueLength() + " bytes; an amount is"
              + " an 8-byte long");
        }
        inc.addColumn(family(c), qualifier(c), io.strata.common.util.Bytes.toLong(
            c.getValueArray(), c.getValueOffset()));
      }
      if (m.hasTimeRange()) {
        inc.setTimeRange(m.getTimeRange().getMin(), max(m.getTimeRange()));
      }
      op = inc;
    } else {
      Append app = new Append(row).setReturnResults(!m.getSkipResults());
      for (Cell c : cells) {
        app.addColumn(family(c), qualifier(c), io.strata.common.util.Bytes.copy(
            c.getValueArray(), c.getValueOffset(), c.getValueLength()));
      }
      if (m.hasTimeRange()) {
        app.setTimeRange(m.getTimeRange().getMin(), max(m.getTimeRange()));
      }
      op = app;
    }
    op.setDurability(RequestTranslator.durability(m));
    if (m.hasTtl()) {
      op.setTTL(m.getTtl());
    }
    m.getAttributesMap().forEach((k, v) -> op.setAttribute(k, v.toByteArray()));
    return op;
  }

  private static byte[] family(Cell c) {
    return io.strata.common.util.Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(),
        c.getFamilyLength());
  }

  private static byte[] qualifier(Cell c) {
    return io.strata.common.util.Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(),
        c.getQualifierLength());
  }

  /** An observer's error as a batch action's answer. */
  static StrataException asStrata(IOException e, String server) {
    return e instanceof StrataException s ? s : new ServerErrorException(server, e);
  }
}
