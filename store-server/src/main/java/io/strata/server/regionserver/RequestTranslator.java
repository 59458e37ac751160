package io.strata.server.regionserver;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.Filter;
import io.strata.common.filter.FilterCodec;
import io.strata.common.proto.ClientProtos.ColumnProto;
import io.strata.common.proto.ClientProtos.ConditionProto;
import io.strata.common.proto.ClientProtos.DurabilityProto;
import io.strata.common.proto.ClientProtos.FamilyTimeRangeProto;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.proto.ClientProtos.ScanProto;
import io.strata.common.proto.ClientProtos.TimeRangeProto;
import io.strata.common.proto.FilterProtos.FilterProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.Durability;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.coprocessor.RegionCallGate;
import io.strata.server.region.ColumnAppend;
import io.strata.server.region.ColumnDelta;
import io.strata.server.region.Condition;
import io.strata.server.region.ReadModifyWrite;
import io.strata.server.region.RowEdit;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Turns the client service's wire messages into region calls, checking what the region would
 * otherwise trust: families exist, cells belong to their mutation's row and type, cells are not
 * larger than the configured limit. Every refusal names the object and the fix. The operation's
 * attributes are carried into the server-side form (ScanSpec, RowEdit, ReadModifyWrite)
 * unchanged. The region's coprocessors' {@link RegionCallGate} (the AccessController's checks)
 * sees every read's columns and every written cell here, whichever path the call takes.
 */
final class RequestTranslator {
  private final TableDescriptor table;
  private final long maxCellSize;
  /** The region's coprocessors' checks of every read and written cell; null when none. */
  private final RegionCallGate gate;

  RequestTranslator(TableDescriptor table, long maxCellSize, RegionCallGate gate) {
    this.table = table;
    this.maxCellSize = maxCellSize;
    this.gate = gate;
  }

  /** The gate's checks of a read: the columns to read instead, and the cells it may see. */
  private ScanSpec gateRead(String request, ScanSpec spec) throws IOException {
    if (gate == null) {
      return spec;
    }
    RegionCallGate.ReadChecks r = gate.checkRead(request, spec.columns(), true,
        spec.attributes());
    if (r.columns() != null) {
      spec = spec.withColumns(r.columns());
    }
    return r.cells() == null ? spec : spec.withCellCheck(r.cells());
  }

  /**
   * The tags the gate gives a write of these attributes; a cell visibility or ACL without a
   * gate (permissions not checked) is refused rather than written unprotected.
   */
  private List<io.strata.common.cell.Tag> writeTags(String request,
      Map<String, byte[]> attributes) throws IOException {
    if (gate != null) {
      return gate.writeTags(request, attributes);
    }
    if (attributes.containsKey(io.strata.client.security.CellAcls.VISIBILITY_ATTRIBUTE)
        || attributes.containsKey(io.strata.client.security.CellAcls.ACL_ATTRIBUTE)) {
      throw new BadRequestException("the " + request + " carries a cell visibility or ACL, "
          + "which this cluster does not check: set strata.security.authorization=true on "
          + "every master and region server (docs/security.md), or write without them");
    }
    return List.of();
  }

  /**
   * The cells with the tags the gate gives a write of these attributes (a cell visibility, a
   * cell ACL), or the cells as they are.
   */
  private List<Cell> gateTags(String request, List<Cell> cells, Map<String, byte[]> attributes)
      throws IOException {
    if (attributes.isEmpty()) {
      return cells;
    }
    List<io.strata.common.cell.Tag> tags = writeTags(request, attributes);
    if (tags.isEmpty()) {
      return cells;
    }
    List<Cell> out = new ArrayList<>(cells.size());
    for (Cell c : cells) {
      List<io.strata.common.cell.Tag> own = new ArrayList<>(io.strata.common.cell.Tag.tagsOf(c));
      own.addAll(tags);
      out.add(KeyValue.copyOf(c, c.getTimestamp(), own));
    }
    return out;
  }

  /** The gate's check of the cells a write makes. */
  private void gateWrite(String request, List<Cell> cells) throws IOException {
    if (gate != null) {
      gate.checkWrite(request, cells);
    }
  }

  ScanSpec get(GetProto g) throws IOException {
    byte[] row = g.getRow().toByteArray();
    checkRow(row, "get");
    ScanSpec spec = ScanSpec.row(row);
    spec = withColumns(spec, g.getColumnsList());
    spec = withTimeRange(spec, g.hasTimeRange() ? g.getTimeRange() : null);
    spec = withFamilyTimeRanges(spec, g.getFamilyTimeRangesList());
    spec = spec.withMaxVersions(Math.max(1, g.getMaxVersions()));
    if (g.hasFilter()) {
      spec = spec.withFilter(filter(g.getFilter()));
    }
    if (!g.getAttributesMap().isEmpty()) {
      spec = spec.withAttributes(attributes(g.getAttributesMap()));
    }
    return gateRead(g.getExistenceOnly() ? "exists" : "get",
        spec.withCacheBlocks(!g.getSkipBlockCache()));
  }

  ScanSpec scan(ScanProto s) throws IOException {
    byte[] start = s.getStartRow().toByteArray();
    byte[] stop = s.getStopRow().toByteArray();
    if (s.getIncludeStopRow() && s.getReversed()) {
      throw new BadRequestException("an inclusive stop row is for forward scans; a reversed "
          + "scan stops before its stop row, so give the row below it as the stop row");
    }
    if (s.getIncludeStopRow() && stop.length > 0) {
      stop = Bytes.add(stop, new byte[] {0});
    }
    if (!s.getReversed() && start.length > 0 && stop.length > 0
        && Bytes.compare(start, stop) > 0) {
      throw new BadRequestException("scan start row '" + Bytes.toStringBinary(start)
          + "' sorts after its stop row '" + Bytes.toStringBinary(stop)
          + "'; swap them or set the scan reversed");
    }
    ScanSpec spec = ScanSpec.all().withRows(start, stop).withReversed(s.getReversed());
    spec = withColumns(spec, s.getColumnsList());
    spec = withTimeRange(spec, s.hasTimeRange() ? s.getTimeRange() : null);
    spec = withFamilyTimeRanges(spec, s.getFamilyTimeRangesList());
    spec = spec.withMaxVersions(Math.max(1, s.getMaxVersions()));
    if (s.hasFilter()) {
      spec = spec.withFilter(filter(s.getFilter()));
    }
    if (!s.getAttributesMap().isEmpty()) {
      spec = spec.withAttributes(attributes(s.getAttributesMap()));
    }
    return gateRead("scan", spec.withCacheBlocks(!s.getSkipBlockCache()).withRaw(s.getRaw()));
  }

  private ScanSpec withColumns(ScanSpec spec, List<ColumnProto> columns)
      throws NoSuchFamilyException {
    if (columns.isEmpty()) {
      return spec;
    }
    TreeMap<byte[], NavigableSet<byte[]>> map = new TreeMap<>(Bytes::compare);
    for (ColumnProto c : columns) {
      byte[] family = c.getFamily().toByteArray();
      checkFamily(family);
      NavigableSet<byte[]> qs = map.computeIfAbsent(family, f -> new TreeSet<>(Bytes::compare));
      c.getQualifiersList().forEach(q -> qs.add(q.toByteArray()));
    }
    return spec.withColumns(Collections.unmodifiableNavigableMap(map));
  }

  private static ScanSpec withTimeRange(ScanSpec spec, TimeRangeProto t)
      throws BadRequestException {
    if (t == null) {
      return spec;
    }
    long[] r = timeRange(t);
    return spec.withTimeRange(r[0], r[1]);
  }

  private ScanSpec withFamilyTimeRanges(ScanSpec spec, List<FamilyTimeRangeProto> ranges)
      throws IOException {
    for (FamilyTimeRangeProto f : ranges) {
      byte[] family = f.getFamily().toByteArray();
      checkFamily(family);
      long[] r = timeRange(f.getTimeRange());
      spec = spec.withFamilyTimeRange(family, r[0], r[1]);
    }
    return spec;
  }

  /** {@code [min, max)} of a time range message; an unset max is unbounded. */
  private static long[] timeRange(TimeRangeProto t) throws BadRequestException {
    long min = t.getMin();
    long max = t.hasMax() ? t.getMax() : Long.MAX_VALUE;
    if (min < 0 || max < min) {
      throw new BadRequestException("time range [" + min + ", " + max + ") is not a range of "
          + "non-negative timestamps; give min <= max");
    }
    return new long[] {min, max};
  }

  /** The attributes as the server-side forms hold them: name to bytes, read-only. */
  private static Map<String, byte[]> attributes(Map<String, com.google.protobuf.ByteString> in) {
    if (in.isEmpty()) {
      return Map.of();
    }
    TreeMap<String, byte[]> out = new TreeMap<>();
    in.forEach((name, value) -> out.put(name, value.toByteArray()));
    return Collections.unmodifiableMap(out);
  }

  /** A mutation's cell TTL in milliseconds, or Tag.NO_TTL when it sets none. */
  private static long ttl(MutationProto m) throws BadRequestException {
    if (!m.hasTtl()) {
      return io.strata.common.cell.Tag.NO_TTL;
    }
    if (m.getTtl() < 1) {
      throw new BadRequestException("the " + m.getType().name().toLowerCase() + " of row '"
          + Bytes.toStringBinary(m.getRow().toByteArray()) + "' has a TTL of " + m.getTtl()
          + " ms; a TTL is at least 1 ms");
    }
    return m.getTtl();
  }

  static Filter filter(FilterProto p) throws BadRequestException {
    try {
      return FilterCodec.fromProto(p);
    } catch (RuntimeException e) {
      throw new BadRequestException("the filter cannot be read: " + e.getMessage());
    }
  }

  /** A put or delete as the cells it writes; a whole-row delete becomes family markers. */
  RowEdit edit(MutationProto m, CellBlock.Reader cells) throws IOException {
    // The cells first: a refused mutation must still consume its own, not the next one's.
    List<Cell> own = cells.next(m.getCellCount());
    byte[] row = m.getRow().toByteArray();
    checkRow(row, m.getType());
    switch (m.getType()) {
      case PUT -> own = putCells(row, own);
      case DELETE -> {
        if (m.hasTtl()) {
          throw new BadRequestException("the delete of row '" + Bytes.toStringBinary(row)
              + "' has a TTL; tombstones cannot expire: give the TTL to the put");
        }
        own = deleteCells(row, own, m.hasTimestamp() ? m.getTimestamp()
            : io.strata.common.cell.CellLimits.LATEST_TIMESTAMP);
      }
      default -> throw new BadRequestException("a " + m.getType() + " cannot be part of a put, "
          + "delete, row mutation or check-and-mutate; send it on its own");
    }
    Map<String, byte[]> attributes = attributes(m.getAttributesMap());
    own = gateTags(m.getType() == MutationProto.Type.PUT ? "put" : "delete", own, attributes);
    return new RowEdit(row, own, durability(m), ttl(m), attributes);
  }

  /**
   * A put or delete of {@link PlainMulti} (no TTL, attributes or time of its own): as
   * {@link #edit} makes it from the same fields of its message.
   */
  RowEdit plainEdit(PlainMulti.Action a, CellBlock.Reader cells) throws IOException {
    List<Cell> own = cells.next(a.cellCount());
    byte[] row = a.row();
    if (row == null) { // a PutBatch's put: its cells' row
      if (own.isEmpty()) {
        throw new BadRequestException("a put of PutBatch has no cells; give each put at least "
            + "one column");
      }
      Cell first = own.get(0);
      row = Bytes.copy(first.getRowArray(), first.getRowOffset(), first.getRowLength());
    }
    checkRow(row, a.type());
    own = a.type() == MutationProto.Type.PUT ? putCells(row, own)
        : deleteCells(row, own, io.strata.common.cell.CellLimits.LATEST_TIMESTAMP);
    return new RowEdit(row, own, durability(a.durability()), io.strata.common.cell.Tag.NO_TTL,
        Map.of());
  }

  /**
   * The edit a put or delete makes once observers had it ({@code m}, which they may have
   * changed): its cells and durability checked as a client's would be, its TTL and attributes
   * those of the call.
   */
  RowEdit observed(io.strata.client.Mutation m, RowEdit original) throws IOException {
    byte[] row = m.getRow();
    List<Cell> own = new ArrayList<>(m.cells().size());
    for (Cell c : m.cells()) { // without the tags the gate gave them: it gives them again below
      own.add(c.getTagsLength() == 0 ? c : KeyValue.copyOf(c, c.getTimestamp(),
          io.strata.common.cell.Tag.tagsOf(c).stream().filter(t ->
              t.type() != io.strata.common.cell.Tag.VISIBILITY_TYPE
                  && t.type() != io.strata.common.cell.Tag.ACL_TYPE).toList()));
    }
    own = m instanceof io.strata.client.Put ? putCells(row, own)
        : deleteCells(row, own, io.strata.common.cell.CellLimits.LATEST_TIMESTAMP);
    own = gateTags(m instanceof io.strata.client.Put ? "put" : "delete", own,
        original.attributes());
    return new RowEdit(row, own, m.getDurability(), original.ttlMillis(),
        original.attributes());
  }

  /** A put's cells, checked: at least one, each of the row and a known family. */
  private List<Cell> putCells(byte[] row, List<Cell> own) throws IOException {
    if (own.isEmpty()) {
      throw new BadRequestException("the put of row '" + Bytes.toStringBinary(row)
          + "' has no columns; add at least one column to a put");
    }
    checkCells(row, own, true);
    gateWrite("put", own);
    return own;
  }

  /** A delete's cells, checked; none deletes the whole row at {@code timestamp}. */
  private List<Cell> deleteCells(byte[] row, List<Cell> own, long timestamp)
      throws IOException {
    List<Cell> cells = own.isEmpty() ? wholeRow(row, timestamp) : own;
    checkCells(row, cells, false);
    gateWrite("delete", cells);
    return cells;
  }

  /**
   * How an increment or append reads and writes: its durability, the time range of its read,
   * its TTL and attributes.
   */
  ReadModifyWrite readModifyWrite(MutationProto m) throws IOException {
    Map<String, byte[]> attributes = attributes(m.getAttributesMap());
    ReadModifyWrite how = ReadModifyWrite.of(durability(m)).withTtl(ttl(m))
        .withAttributes(attributes);
    if (!attributes.isEmpty()) {
      how = how.withTags(writeTags(m.getType() == MutationProto.Type.INCREMENT
          ? "increment" : "append", attributes));
    }
    if (gate != null) { // the current value it builds on, among the cells the caller may see
      how = how.withCellCheck(gate.visibleCells(attributes));
    }
    if (m.hasTimeRange()) {
      long[] r = timeRange(m.getTimeRange());
      if (r[1] == r[0]) {
        throw new BadRequestException("the " + m.getType().name().toLowerCase() + " of row '"
            + Bytes.toStringBinary(m.getRow().toByteArray()) + "' reads in the empty time range ["
            + r[0] + ", " + r[1] + "); give max > min");
      }
      how = how.withTimeRange(r[0], r[1]);
    }
    return how;
  }

  private List<Cell> wholeRow(byte[] row, long ts) {
    List<Cell> markers = new ArrayList<>();
    for (var f : table.getColumnFamilies()) {
      markers.add(KeyValue.of(row, f.getName(), Bytes.EMPTY, ts, CellType.DELETE_FAMILY,
          Bytes.EMPTY));
    }
    return markers;
  }

  List<ColumnDelta> deltas(MutationProto m, CellBlock.Reader cells) throws IOException {
    // The cells first: a refused mutation must still consume its own, not the next one's.
    List<Cell> own = cells.next(m.getCellCount());
    byte[] row = m.getRow().toByteArray();
    checkRow(row, "increment");
    checkCells(row, own, true);
    gateWrite("increment", own);
    List<ColumnDelta> deltas = new ArrayList<>(own.size());
    for (Cell c : own) {
      if (c.getValueLength() != Long.BYTES) {
        throw new BadRequestException("the increment of " + column(c) + " carries "
            + c.getValueLength() + " bytes; an amount is an 8-byte long");
      }
      deltas.add(new ColumnDelta(family(c), qualifier(c),
          Bytes.toLong(c.getValueArray(), c.getValueOffset())));
    }
    if (deltas.isEmpty()) {
      throw new BadRequestException("the increment of row '" + Bytes.toStringBinary(row)
          + "' has no columns; add at least one column");
    }
    return deltas;
  }

  List<ColumnAppend> appends(MutationProto m, CellBlock.Reader cells) throws IOException {
    // The cells first: a refused mutation must still consume its own, not the next one's.
    List<Cell> own = cells.next(m.getCellCount());
    byte[] row = m.getRow().toByteArray();
    checkRow(row, "append");
    checkCells(row, own, true);
    gateWrite("append", own);
    List<ColumnAppend> appends = new ArrayList<>(own.size());
    for (Cell c : own) {
      appends.add(new ColumnAppend(family(c), qualifier(c), Bytes.copy(c.getValueArray(),
          c.getValueOffset(), c.getValueLength())));
    }
    if (appends.isEmpty()) {
      throw new BadRequestException("the append to row '" + Bytes.toStringBinary(row)
          + "' has no columns; add at least one column");
    }
    return appends;
  }

  /**
   * A check-and-mutate's condition, which sees only the cells the caller may see with its first
   * mutation's attributes (its authorizations).
   */
  Condition condition(io.strata.common.proto.ClientProtos.MutateRequest req) throws IOException {
    Condition c = condition(req.getCondition());
    if (gate == null) {
      return c;
    }
    Map<String, byte[]> attributes = req.getMutationsCount() == 0 ? Map.of()
        : attributes(req.getMutations(0).getAttributesMap());
    return c.withCellCheck(gate.visibleCells(attributes));
  }

  Condition condition(ConditionProto c) throws IOException {
    Condition condition = untimedCondition(c);
    if (c.hasTimeRange()) {
      long[] r = timeRange(c.getTimeRange());
      if (r[1] == r[0]) {
        throw new BadRequestException("the check-and-mutate condition reads in the empty time "
            + "range [" + r[0] + ", " + r[1] + "); give max > min");
      }
      condition = condition.withTimeRange(r[0], r[1]);
    }
    return condition;
  }

  private Condition untimedCondition(ConditionProto c) throws IOException {
    if (c.hasFilter()) {
      if (gate != null) { // a filter may look at any column
        gate.checkRead("checkAndMutate", new TreeMap<>(Bytes::compare), false, Map.of());
      }
      return Condition.ifMatches(filter(c.getFilter()));
    }
    byte[] family = c.getFamily().toByteArray();
    checkFamily(family);
    if (gate != null) {
      NavigableMap<byte[], NavigableSet<byte[]>> column = new TreeMap<>(Bytes::compare);
      NavigableSet<byte[]> q = new TreeSet<>(Bytes::compare);
      q.add(c.getQualifier().toByteArray());
      column.put(family, q);
      gate.checkRead("checkAndMutate", column, false, Map.of());
    }
    CompareOperator op;
    try {
      op = CompareOperator.valueOf(c.getCompareOp());
    } catch (IllegalArgumentException e) {
      throw new BadRequestException("compare operator '" + c.getCompareOp() + "' is unknown; "
          + "use LESS, LESS_OR_EQUAL, EQUAL, NOT_EQUAL, GREATER_OR_EQUAL or GREATER");
    }
    return new Condition(family, c.getQualifier().toByteArray(), op,
        c.hasValue() ? c.getValue().toByteArray() : null);
  }

  /** A mutation's durability; BAD_REQUEST for a value this server does not know. */
  static Durability durability(MutationProto m) throws BadRequestException {
    if (m.getDurability() == DurabilityProto.UNRECOGNIZED) {
      throw new BadRequestException("durability " + m.getDurabilityValue() + " is not one this"
          + " server knows; use 0 (USE_DEFAULT), 1 (SKIP_WAL), 2 (ASYNC_WAL), 3 (SYNC_WAL) or"
          + " 4 (FSYNC_WAL)");
    }
    return durability(m.getDurability());
  }

  static Durability durability(DurabilityProto d) {
    return switch (d) {
      case SKIP_WAL -> Durability.SKIP_WAL;
      case ASYNC_WAL -> Durability.ASYNC_WAL;
      case SYNC_WAL -> Durability.SYNC_WAL;
      case FSYNC_WAL -> Durability.FSYNC_WAL;
      default -> Durability.USE_DEFAULT;
    };
  }

  /** {@code what} names the operation in an error (lower-cased only then: a hot path). */
  private static void checkRow(byte[] row, Object what) throws BadRequestException {
    if (row.length == 0) {
      throw new BadRequestException("the " + what.toString().toLowerCase(java.util.Locale.ROOT)
          + " has an empty row key; every row key has at least one byte");
    }
    if (row.length > io.strata.common.cell.CellLimits.MAX_ROW_LENGTH) {
      throw new BadRequestException("the " + what.toString().toLowerCase(java.util.Locale.ROOT)
          + "'s row key of " + row.length
          + " bytes exceeds the " + io.strata.common.cell.CellLimits.MAX_ROW_LENGTH
          + "-byte limit; use a shorter row key");
    }
  }

  private void checkCells(byte[] row, List<Cell> cells, boolean puts)
      throws IOException {
    // Indexed: the iterator of a message's List.of was an object the JIT left on the heap.
    for (int i = 0, n = cells.size(); i < n; i++) {
      Cell c = cells.get(i);
      if (CellComparator.INSTANCE.compareRow(c, row) != 0) {
        throw new BadRequestException("a cell of row '" + Bytes.toStringBinary(c.getRowArray(),
            c.getRowOffset(), c.getRowLength()) + "' is in the mutation of row '"
            + Bytes.toStringBinary(row) + "'; give each row its own mutation");
      }
      if (!table.hasColumnFamily(c.getFamilyArray(), c.getFamilyOffset(),
          c.getFamilyLength())) {
        checkFamily(family(c)); // throws, naming the family
      }
      if (puts != (c.getType() == CellType.PUT)) {
        throw new BadRequestException("cell " + column(c) + " has type " + c.getType() + ", "
            + "which does not belong in a " + (puts ? "put" : "delete"));
      }
      if (c.getTagsLength() > 0) { // the server's own marks, such as a cell's TTL
        throw new BadRequestException("cell " + column(c) + " of row '"
            + Bytes.toStringBinary(row) + "' carries " + c.getTagsLength() + " bytes of tags;"
            + " tags are written by the server only: give a put's TTL in its ttl field");
      }
      if (maxCellSize > 0 && c instanceof KeyValue kv && kv.getLength() > maxCellSize) {
        throw new BadRequestException("the cell " + column(c) + " of row '"
            + Bytes.toStringBinary(row) + "' is " + kv.getLength() + " bytes, over the "
            + maxCellSize + "-byte limit of strata.regionserver.cell.max.size; store smaller "
            + "values or raise the limit");
      }
    }
  }

  void checkFamily(byte[] family) throws NoSuchFamilyException {
    if (!table.hasColumnFamily(family)) {
      throw new NoSuchFamilyException(table.getTableName().toString(),
          Bytes.toStringBinary(family), table.getColumnFamilyNames());
    }
  }

  private static byte[] family(Cell c) {
    return Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
  }

  private static byte[] qualifier(Cell c) {
    return Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
  }

  private static String column(Cell c) {
    return "'" + Bytes.toStringBinary(c.getFamilyArray(), c.getFamilyOffset(),
        c.getFamilyLength()) + ":" + Bytes.toStringBinary(c.getQualifierArray(),
        c.getQualifierOffset(), c.getQualifierLength()) + "'";
  }
}
