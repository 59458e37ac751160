package io.strata.client.internal;

import com.google.protobuf.ByteString;
import io.strata.client.Append;
import io.strata.client.CheckAndMutate;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.OperationWithAttributes;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.RowMutations;
import io.strata.client.Scan;
import io.strata.client.TimeRange;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.error.BadRequestException;
import io.strata.common.filter.FilterCodec;
import io.strata.common.proto.ClientProtos.ColumnProto;
import io.strata.common.proto.ClientProtos.ConditionProto;
import io.strata.common.proto.ClientProtos.DurabilityProto;
import io.strata.common.proto.ClientProtos.FamilyTimeRangeProto;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.proto.ClientProtos.ScanProto;
import io.strata.common.proto.ClientProtos.TimeRangeProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;

/**
 * Turns the public operations into the messages of {@code client.proto}, and answers back into
 * {@link Result}s. Cells never go through protobuf: a mutation's cells are appended to the
 * call's {@link CellBlock.Writer} and its message says how many it added
 * (docs/formats/rpc.md).
 *
 * <pre>{@code
 * CellBlock.Writer cells = OperationProtos.cellWriter(List.of(put));
 * MutationProto m = OperationProtos.toProto(put, cells);
 * // send m with cells as the call's cell block
 * }</pre>
 *
 * <p>This is where operations that cannot be sent are refused, with an
 * IllegalArgumentException saying why: a Put, Increment or Append with no cells, an empty
 * RowMutations, and an exclusive start row on a reversed scan (no row sorts just below
 * another, so there is no inclusive start to send instead).
 *
 * <p>Scan caching, max result size and limit are not part of {@link ScanProto}: the scanner
 * caller puts them in each ScanRequest.
 */
public final class OperationProtos {
  private OperationProtos() {}

  public static GetProto toProto(Get get) {
    GetProto.Builder b = GetProto.newBuilder()
        .setRow(bytes(get.getRow()))
        .addAllColumns(columns(get.getFamilyMap()))
        .setTimeRange(toProto(get.getTimeRange()))
        .setMaxVersions(get.getMaxVersions())
        .setSkipBlockCache(!get.getCacheBlocks())
        .setExistenceOnly(get.isCheckExistenceOnly())
        .putAllAttributes(attributes(get))
        .addAllFamilyTimeRanges(familyTimeRanges(get.getColumnFamilyTimeRange()));
    if (get.getFilter() != null) {
      b.setFilter(FilterCodec.toProto(get.getFilter()));
    }
    return b.build();
  }

  /** @throws IllegalArgumentException for an exclusive start row on a reversed scan */
  public static ScanProto toProto(Scan scan) {
    ScanProto.Builder b = ScanProto.newBuilder()
        .setStartRow(bytes(startRow(scan)))
        .setStopRow(bytes(scan.getStopRow()))
        .addAllColumns(columns(scan.getFamilyMap()))
        .setTimeRange(toProto(scan.getTimeRange()))
        .setMaxVersions(scan.getMaxVersions())
        .setReversed(scan.isReversed())
        .setRaw(scan.isRaw())
        .setSkipBlockCache(!scan.getCacheBlocks())
        .setBatch(scan.getBatch())
        .setIncludeStopRow(scan.includeStopRow())
        .putAllAttributes(attributes(scan))
        .addAllFamilyTimeRanges(familyTimeRanges(scan.getColumnFamilyTimeRange()));
    if (scan.getFilter() != null) {
      b.setFilter(FilterCodec.toProto(scan.getFilter()));
    }
    return b.build();
  }

  /**
   * The Scan a message is (the inverse of {@link #toProto(Scan)}): for a server's observers,
   * and for a job's scan carried in its configuration.
   *
   * @throws IllegalArgumentException when the message holds a setting a Scan refuses
   */
  public static Scan toScan(ScanProto p) {
    Scan scan = new Scan().withStartRow(p.getStartRow().toByteArray())
        .withStopRow(p.getStopRow().toByteArray(), p.getIncludeStopRow())
        .setReversed(p.getReversed()).setRaw(p.getRaw()).setBatch(p.getBatch())
        .setCacheBlocks(!p.getSkipBlockCache());
    for (ColumnProto c : p.getColumnsList()) {
      byte[] family = c.getFamily().toByteArray();
      if (c.getQualifiersCount() == 0) {
        scan.addFamily(family);
      }
      c.getQualifiersList().forEach(q -> scan.addColumn(family, q.toByteArray()));
    }
    if (p.hasFilter()) {
      scan.setFilter(FilterCodec.fromProto(p.getFilter()));
    }
    if (p.hasTimeRange()) {
      scan.setTimeRange(p.getTimeRange().getMin(), max(p.getTimeRange()));
    }
    for (FamilyTimeRangeProto f : p.getFamilyTimeRangesList()) {
      scan.setColumnFamilyTimeRange(f.getFamily().toByteArray(), f.getTimeRange().getMin(),
          max(f.getTimeRange()));
    }
    scan.readVersions(Math.max(1, p.getMaxVersions()));
    p.getAttributesMap().forEach((k, v) -> scan.setAttribute(k, v.toByteArray()));
    return scan;
  }

  private static long max(TimeRangeProto t) {
    return t.hasMax() ? t.getMax() : Long.MAX_VALUE;
  }

  /**
   * The start row to send. ScanProto's start row is always inclusive, so an exclusive start is
   * sent as the smallest row after it, {@code row + 0x00}. Going down (reversed) there is no
   * such neighbour ("b" is preceded by "a\xFF\xFF..."), so that case is refused.
   */
  private static byte[] startRow(Scan scan) {
    byte[] start = scan.getStartRow();
    if (scan.includeStartRow() || start.length == 0) {
      return start;
    }
    if (scan.isReversed()) {
      throw new IllegalArgumentException("a reversed scan with an exclusive start row ("
          + Bytes.toStringBinary(start) + ") cannot be sent: the scan message has no "
          + "include-start-row flag; start at the row inclusively and skip it when it comes");
    }
    return Bytes.add(start, new byte[] {0});
  }

  /**
   * The Put or Delete a message is, its cells the next ones of {@code cells} (the inverse of
   * {@link #toProto(Mutation, CellBlock.Writer)} for those two).
   *
   * @throws BadRequestException when the block holds fewer cells than the message says
   * @throws IllegalArgumentException for an increment or append, or cells of another row
   */
  public static Mutation toMutation(MutationProto p, CellBlock.Reader cells)
      throws BadRequestException {
    byte[] row = p.getRow().toByteArray();
    List<Cell> own = cells.next(p.getCellCount());
    Mutation m;
    switch (p.getType()) {
      case PUT -> {
        Put put = new Put(row);
        own.forEach(put::add);
        m = put;
      }
      case DELETE -> {
        Delete d = p.hasTimestamp() ? new Delete(row, p.getTimestamp()) : new Delete(row);
        own.forEach(d::add);
        m = d;
      }
      default -> throw new IllegalArgumentException("a " + p.getType() + " cannot be read "
          + "back as a Put or Delete");
    }
    m.setDurability(toDurability(p.getDurability()));
    if (p.hasTtl()) {
      m.setTTL(p.getTtl());
    }
    p.getAttributesMap().forEach((k, v) -> m.setAttribute(k, v.toByteArray()));
    return m;
  }

  /**
   * A cell block writer for {@code cells} cells: deferred ({@link CellBlock.Writer#deferred}),
   * so the mutations' cells are copied once, into the frame's buffer, when the call is written.
   */
  static CellBlock.Writer cellWriter(int cells) {
    return CellBlock.Writer.deferred(cells);
  }

  /** {@link #cellWriter(int)} for the cells of {@code ms}. */
  static CellBlock.Writer cellWriter(List<? extends Mutation> ms) {
    int n = 0;
    for (Mutation m : ms) {
      n += m.size();
    }
    return cellWriter(n);
  }

  /**
   * Appends the mutation's cells to {@code cells} and returns its message, whose cell_count
   * says how many were appended.
   *
   * @throws IllegalArgumentException when the mutation cannot be sent (see the class comment)
   */
  public static MutationProto toProto(Mutation m, CellBlock.Writer cells) {
    MutationProto.Builder b = MutationProto.newBuilder()
        .setRow(bytes(m.getRow()))
        .setDurability(toProto(m.getDurability()))
        .setCellCount(m.size());
    if (!m.getAttributesMap().isEmpty()) {
      b.putAllAttributes(attributes(m)); // an empty call still builds the message's map field
    }
    if (m.getTTL() != Mutation.NO_TTL) {
      b.setTtl(m.getTTL()); // Delete refuses setTTL, so only puts, increments and appends
    }
    if (m instanceof Put) {
      requireCells(m);
      b.setType(MutationProto.Type.PUT);
    } else if (m instanceof Delete) {
      if (m.isEmpty() && m.getTimestamp() != CellLimits.LATEST_TIMESTAMP) {
        b.setTimestamp(m.getTimestamp()); // the server marks every family up to this time
      }
      b.setType(MutationProto.Type.DELETE);
    } else if (m instanceof Increment inc) {
      requireCells(m);
      b.setType(MutationProto.Type.INCREMENT).setSkipResults(!inc.isReturnResults());
      if (!inc.getTimeRange().isAllTime()) {
        b.setTimeRange(toProto(inc.getTimeRange()));
      }
    } else if (m instanceof Append app) {
      requireCells(m);
      b.setType(MutationProto.Type.APPEND).setSkipResults(!app.isReturnResults());
      if (!app.getTimeRange().isAllTime()) {
        b.setTimeRange(toProto(app.getTimeRange()));
      }
    } else {
      throw new AssertionError("Mutation is sealed; unexpected " + m.getClass());
    }
    cells.addAll(m.cells(), m.encodedSize());
    return b.build();
  }

  /** The messages of each mutation in order, their cells appended to {@code cells}. */
  public static List<MutationProto> toProtos(RowMutations rm, CellBlock.Writer cells) {
    if (rm.getMutations().isEmpty()) {
      throw new IllegalArgumentException("RowMutations of row " + Bytes.toStringBinary(rm.getRow())
          + " holds no mutations; add a Put or Delete before sending it");
    }
    List<MutationProto> out = new ArrayList<>(rm.getMutations().size());
    for (Mutation m : rm.getMutations()) {
      out.add(toProto(m, cells));
    }
    return out;
  }

  /**
   * The condition of a check-and-mutate: a column test, or a filter, in its time range. Its row
   * goes in the request's condition_row and its action in the request's mutations.
   */
  public static ConditionProto toProto(CheckAndMutate cam) {
    ConditionProto.Builder b = ConditionProto.newBuilder();
    if (!cam.getTimeRange().isAllTime()) {
      b.setTimeRange(toProto(cam.getTimeRange()));
    }
    if (cam.hasFilter()) {
      return b.setFilter(FilterCodec.toProto(cam.getFilter())).build();
    }
    b.setFamily(bytes(cam.getFamily()))
        .setQualifier(bytes(cam.getQualifier()))
        .setCompareOp(cam.getCompareOp().name());
    if (cam.getValue() != null) {
      b.setValue(bytes(cam.getValue()));
    }
    return b.build();
  }

  /**
   * The Result of an answer: the next {@code p.getCellCount()} cells of {@code cells}.
   *
   * @throws BadRequestException when the block holds fewer cells than claimed or a malformed one
   */
  public static Result toResult(ResultProto p, CellBlock.Reader cells) throws BadRequestException {
    List<Cell> read = cells.next(p.getCellCount());
    return Result.create(read, p.hasExists() ? p.getExists() : null, false,
        p.getPartial());
  }

  /** The enums share their names; a test keeps them in step. */
  public static DurabilityProto toProto(Durability d) {
    // A switch, not valueOf(name): every mutation passes here, and the lookup by name showed
    // in the buffered writer's profile.
    return switch (d) {
      case USE_DEFAULT -> DurabilityProto.USE_DEFAULT;
      case SKIP_WAL -> DurabilityProto.SKIP_WAL;
      case ASYNC_WAL -> DurabilityProto.ASYNC_WAL;
      case SYNC_WAL -> DurabilityProto.SYNC_WAL;
      case FSYNC_WAL -> DurabilityProto.FSYNC_WAL;
    };
  }

  public static Durability toDurability(DurabilityProto p) {
    if (p == DurabilityProto.UNRECOGNIZED) {
      throw new IllegalArgumentException("unknown durability on the wire (sent by a newer "
          + "version?); known: USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL");
    }
    return Durability.valueOf(p.name());
  }

  public static TimeRangeProto toProto(TimeRange range) {
    TimeRangeProto.Builder b = TimeRangeProto.newBuilder().setMin(range.getMin());
    // An unset max means unbounded, so the "no bound" sentinel is not sent.
    if (range.getMax() != Long.MAX_VALUE) {
      b.setMax(range.getMax());
    }
    return b.build();
  }

  private static Map<String, ByteString> attributes(OperationWithAttributes op) {
    Map<String, byte[]> attributes = op.getAttributesMap();
    if (attributes.isEmpty()) {
      return Map.of();
    }
    Map<String, ByteString> out = new java.util.TreeMap<>();
    attributes.forEach((name, value) -> out.put(name, bytes(value)));
    return out;
  }

  private static List<FamilyTimeRangeProto> familyTimeRanges(
      NavigableMap<byte[], TimeRange> ranges) {
    List<FamilyTimeRangeProto> out = new ArrayList<>(ranges.size());
    ranges.forEach((family, range) -> out.add(FamilyTimeRangeProto.newBuilder()
        .setFamily(bytes(family)).setTimeRange(toProto(range)).build()));
    return out;
  }

  private static void requireCells(Mutation m) {
    IllegalArgumentException empty = unsendable(m);
    if (empty != null) {
      throw empty;
    }
  }

  /**
   * Why {@code m} cannot be sent (null, or a put, increment or append without a column), or
   * null: checked as an operation is accepted, so that its caller hears it at once.
   */
  static IllegalArgumentException unsendable(Mutation m) {
    if (m == null) {
      return new IllegalArgumentException("the mutation is null; pass a Put, Delete, Increment "
          + "or Append");
    }
    if (m.isEmpty() && !(m instanceof Delete)) {
      return new IllegalArgumentException(m.getClass().getSimpleName() + " of row "
          + Bytes.toStringBinary(m.getRow()) + " has no columns; add one with addColumn before "
          + "sending it");
    }
    return null;
  }

  private static List<ColumnProto> columns(NavigableMap<byte[], NavigableSet<byte[]>> map) {
    List<ColumnProto> out = new ArrayList<>(map.size());
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : map.entrySet()) {
      ColumnProto.Builder c = ColumnProto.newBuilder().setFamily(bytes(e.getKey()));
      // An empty set (whole family) sends no qualifiers, which the message reads the same way.
      for (byte[] q : e.getValue()) {
        c.addQualifiers(bytes(q));
      }
      out.add(c.build());
    }
    return out;
  }

  private static ByteString bytes(byte[] b) {
    return ByteString.copyFrom(b);
  }
}
