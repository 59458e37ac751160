package io.strata.client.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.ByteString;
import io.strata.client.Append;
import io.strata.client.CheckAndMutate;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Mutation;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.RowMutations;
import io.strata.client.Scan;
import io.strata.client.TimeRange;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.BadRequestException;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.FilterCodec;
import io.strata.common.filter.PrefixFilter;
import io.strata.common.proto.ClientProtos.ColumnProto;
import io.strata.common.proto.ClientProtos.ConditionProto;
import io.strata.common.proto.ClientProtos.DurabilityProto;
import io.strata.common.proto.ClientProtos.FamilyTimeRangeProto;
import io.strata.common.proto.ClientProtos.TimeRangeProto;
import io.strata.common.proto.ClientProtos.GetProto;
import io.strata.common.proto.ClientProtos.MutationProto;
import io.strata.common.proto.ClientProtos.ResultProto;
import io.strata.common.proto.ClientProtos.ScanProto;
import io.strata.common.rpc.CellBlock;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class OperationProtosTest {
  private static byte[] b(String s) {
    return Bytes.toBytes(s);
  }

  private static ByteString bs(String s) {
    return ByteString.copyFromUtf8(s);
  }

  /** The cell's bytes in the key encoding, for byte-for-byte comparison. */
  private static byte[] encoded(Cell c) {
    KeyValue kv = KeyValue.copyOf(c);
    return Arrays.copyOfRange(kv.getBuffer(), kv.getOffset(), kv.getOffset() + kv.getLength());
  }

  private static void assertSameCells(List<Cell> expected, List<Cell> actual) {
    assertEquals(expected.size(), actual.size(), "cell count");
    for (int i = 0; i < expected.size(); i++) {
      assertArrayEquals(encoded(expected.get(i)), encoded(actual.get(i)), "cell " + i);
    }
  }

  private static void assertBadArgument(Executable e, String... fragments) {
    IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e);
    for (String f : fragments) {
      assertTrue(ex.getMessage().contains(f),
          () -> "message '" + ex.getMessage() + "' does not mention '" + f + "'");
    }
  }

  @Test
  void mutationsRoundTripThroughOneCellBlock() throws BadRequestException {
    Put put = new Put(b("r1"), 10L)
        .addColumn(b("g"), b("q"), b("v1"))
        .addColumn(b("f"), b("q"), 5L, new byte[] {0, (byte) 0xFF, 1})
        .addColumn(b("f"), b("p"), Bytes.EMPTY)
        .setDurability(Durability.FSYNC_WAL);
    Delete delete = new Delete(b("r2")).addFamily(b("f")).addColumn(b("f"), b("q"), 3L);
    Increment inc = new Increment(b("r3")).addColumn(b("f"), b("n"), -7L)
        .setReturnResults(false);
    Append app = new Append(b("r4")).addColumn(b("f"), b("s"), b("tail"))
        .setDurability(Durability.SKIP_WAL);
    List<Mutation> mutations = List.of(put, delete, inc, app);

    CellBlock.Writer writer = new CellBlock.Writer(64);
    List<MutationProto> protos = new ArrayList<>();
    for (Mutation m : mutations) {
      protos.add(OperationProtos.toProto(m, writer));
    }

    MutationProto p = protos.get(0);
    assertEquals(bs("r1"), p.getRow());
    assertEquals(MutationProto.Type.PUT, p.getType());
    assertEquals(DurabilityProto.FSYNC_WAL, p.getDurability());
    assertEquals(3, p.getCellCount());
    assertFalse(p.getSkipResults());
    assertEquals(MutationProto.Type.DELETE, protos.get(1).getType());
    assertEquals(DurabilityProto.USE_DEFAULT, protos.get(1).getDurability());
    assertEquals(2, protos.get(1).getCellCount());
    assertEquals(MutationProto.Type.INCREMENT, protos.get(2).getType());
    assertTrue(protos.get(2).getSkipResults());
    assertEquals(MutationProto.Type.APPEND, protos.get(3).getType());
    assertFalse(protos.get(3).getSkipResults());
    assertEquals(DurabilityProto.SKIP_WAL, protos.get(3).getDurability());

    byte[] block = writer.toBytes();
    // Each mutation knows the bytes its cells take; a writer of exactly their sum hands its
    // array over as it is.
    long encoded = mutations.stream().mapToLong(Mutation::encodedSize).sum();
    assertEquals(block.length, encoded);
    CellBlock.Writer exact = new CellBlock.Writer((int) encoded);
    mutations.forEach(m -> OperationProtos.toProto(m, exact));
    byte[] handedOver = exact.toBytes();
    assertArrayEquals(block, handedOver);
    assertSame(handedOver, exact.toBytes());
    assertNotSame(block, writer.toBytes()); // a grown writer's array is trimmed into a copy

    CellBlock.Reader reader = new CellBlock.Reader(block);
    for (int i = 0; i < mutations.size(); i++) {
      List<Cell> read = reader.next(protos.get(i).getCellCount());
      // Cells travel family by family: the Put's "f" cells before its "g" cell.
      assertSameCells(mutations.get(i).cells(), read);
    }
    assertTrue(reader.atEnd());
    List<Cell> putCells = put.cells();
    assertArrayEquals(b("f"), Bytes.copy(putCells.get(0).getFamilyArray(),
        putCells.get(0).getFamilyOffset(), putCells.get(0).getFamilyLength()));
  }

  @Test
  void wholeRowDeleteSendsNoCells() {
    CellBlock.Writer writer = new CellBlock.Writer(16);
    MutationProto p = OperationProtos.toProto(new Delete(b("r")), writer);
    assertEquals(MutationProto.Type.DELETE, p.getType());
    assertEquals(0, p.getCellCount());
    assertNull(writer.toBytes());
    assertFalse(p.hasTimestamp(), "no timestamp: the server's clock");
    MutationProto at = OperationProtos.toProto(new Delete(b("r"), 5L), writer);
    assertEquals(0, at.getCellCount());
    assertEquals(5L, at.getTimestamp());
  }

  @Test
  void unsendableMutationsAreRefused() {
    CellBlock.Writer writer = new CellBlock.Writer(16);
    assertBadArgument(() -> OperationProtos.toProto(new Put(b("r")), writer),
        "Put of row r has no columns");
    assertBadArgument(() -> OperationProtos.toProto(new Increment(b("r")), writer),
        "Increment", "no columns");
    assertBadArgument(() -> OperationProtos.toProto(new Append(b("r")), writer),
        "Append", "no columns");
    assertBadArgument(() -> OperationProtos.toProtos(new RowMutations(b("r")), writer),
        "holds no mutations");
    assertNull(writer.toBytes(), "nothing was written for refused mutations");
  }

  @Test
  void rowMutationsKeepTheirOrder() throws BadRequestException {
    Put put = new Put(b("r")).addColumn(b("f"), b("a"), b("1"));
    Delete delete = new Delete(b("r")).addColumns(b("f"), b("b"));
    RowMutations rm = new RowMutations(b("r")).add(delete).add(put);
    CellBlock.Writer writer = new CellBlock.Writer(16);
    List<MutationProto> protos = OperationProtos.toProtos(rm, writer);
    assertEquals(List.of(MutationProto.Type.DELETE, MutationProto.Type.PUT),
        protos.stream().map(MutationProto::getType).toList());
    CellBlock.Reader reader = new CellBlock.Reader(writer.toBytes());
    assertSameCells(delete.cells(), reader.next(protos.get(0).getCellCount()));
    assertSameCells(put.cells(), reader.next(protos.get(1).getCellCount()));
    assertTrue(reader.atEnd());
  }

  @Test
  void getProto() {
    PrefixFilter filter = new PrefixFilter(b("r"));
    Get get = new Get(b("row")).addFamily(b("f")).addColumn(b("g"), b("b"))
        .addColumn(b("g"), b("a")).readVersions(3).setTimeRange(10, 20).setFilter(filter)
        .setCacheBlocks(false).setCheckExistenceOnly(true);
    GetProto p = OperationProtos.toProto(get);
    assertEquals(bs("row"), p.getRow());
    assertEquals(List.of(
        ColumnProto.newBuilder().setFamily(bs("f")).build(),
        ColumnProto.newBuilder().setFamily(bs("g")).addQualifiers(bs("a"))
            .addQualifiers(bs("b")).build()), p.getColumnsList());
    assertEquals(10, p.getTimeRange().getMin());
    assertTrue(p.getTimeRange().hasMax());
    assertEquals(20, p.getTimeRange().getMax());
    assertEquals(3, p.getMaxVersions());
    assertTrue(p.getSkipBlockCache());
    assertTrue(p.getExistenceOnly());
    assertEquals(FilterCodec.toProto(filter), p.getFilter());
  }

  @Test
  void defaultGetProto() {
    GetProto p = OperationProtos.toProto(new Get(b("row")));
    assertEquals(0, p.getColumnsCount());
    assertEquals(0, p.getTimeRange().getMin());
    assertFalse(p.getTimeRange().hasMax(), "no upper bound is sent as an unset max");
    assertEquals(1, p.getMaxVersions());
    assertFalse(p.getSkipBlockCache());
    assertFalse(p.getExistenceOnly());
    assertFalse(p.hasFilter());
    assertEquals(Integer.MAX_VALUE,
        OperationProtos.toProto(new Get(b("r")).readAllVersions()).getMaxVersions());
  }

  @Test
  void scanProto() {
    PrefixFilter filter = new PrefixFilter(b("p"));
    Scan scan = new Scan().withStartRow(b("a")).withStopRow(b("m"), true).addColumn(b("f"),
        b("q")).readVersions(2).setTimestamp(7).setFilter(filter).setCacheBlocks(false)
        .setBatch(5).setCaching(100).setLimit(3).setMaxResultSize(1000);
    ScanProto p = OperationProtos.toProto(scan);
    assertEquals(bs("a"), p.getStartRow());
    assertEquals(bs("m"), p.getStopRow());
    assertTrue(p.getIncludeStopRow());
    assertEquals(List.of(ColumnProto.newBuilder().setFamily(bs("f")).addQualifiers(bs("q"))
        .build()), p.getColumnsList());
    assertEquals(2, p.getMaxVersions());
    assertEquals(7, p.getTimeRange().getMin());
    assertEquals(8, p.getTimeRange().getMax());
    assertEquals(FilterCodec.toProto(filter), p.getFilter());
    assertTrue(p.getSkipBlockCache());
    assertEquals(5, p.getBatch());
    assertFalse(p.getReversed());
    assertFalse(p.getRaw());
    assertTrue(OperationProtos.toProto(new Scan().setRaw(true)).getRaw());
  }

  @Test
  void exclusiveStartRowIsSentAsTheNextRow() {
    ScanProto p = OperationProtos.toProto(new Scan().withStartRow(b("a"), false));
    assertEquals(ByteString.copyFrom(new byte[] {'a', 0}), p.getStartRow());
    assertFalse(p.getIncludeStopRow());
    // An empty start is unbounded whatever its flag.
    assertEquals(ByteString.EMPTY,
        OperationProtos.toProto(new Scan().withStartRow(Bytes.EMPTY, false)).getStartRow());
  }

  @Test
  void reversedScans() {
    ScanProto p = OperationProtos.toProto(new Scan().setReversed(true).withStartRow(b("z"))
        .withStopRow(b("a"), true));
    assertTrue(p.getReversed());
    assertEquals(bs("z"), p.getStartRow());
    assertEquals(bs("a"), p.getStopRow());
    assertTrue(p.getIncludeStopRow());
    assertBadArgument(() -> OperationProtos.toProto(new Scan().setReversed(true)
        .withStartRow(b("z"), false)), "reversed scan", "exclusive start row");
  }

  @Test
  void conditionProtos() {
    Put put = new Put(b("r")).addColumn(b("f"), b("q"), b("v"));
    ConditionProto absent = OperationProtos.toProto(
        CheckAndMutate.newBuilder(b("r")).ifNotExists(b("f"), b("q")).build(put));
    assertEquals(bs("f"), absent.getFamily());
    assertEquals(bs("q"), absent.getQualifier());
    assertEquals("EQUAL", absent.getCompareOp());
    assertFalse(absent.hasValue());
    assertFalse(absent.hasFilter());

    ConditionProto ge = OperationProtos.toProto(CheckAndMutate.newBuilder(b("r"))
        .ifMatches(b("f"), b("q"), CompareOperator.GREATER_OR_EQUAL, b("5")).build(put));
    assertEquals("GREATER_OR_EQUAL", ge.getCompareOp());
    assertTrue(ge.hasValue());
    assertEquals(bs("5"), ge.getValue());

    PrefixFilter filter = new PrefixFilter(b("r"));
    ConditionProto byFilter = OperationProtos.toProto(
        CheckAndMutate.newBuilder(b("r")).ifMatches(filter).build(put));
    assertEquals(FilterCodec.toProto(filter), byFilter.getFilter());
    assertTrue(byFilter.getFamily().isEmpty());
    assertEquals("", byFilter.getCompareOp());
  }

  @Test
  void resultsComeBackFromProtoAndCells() throws BadRequestException {
    List<Cell> row1 = new ArrayList<>(List.of(
        KeyValue.of(b("r1"), b("f"), b("b"), 1L, CellType.PUT, b("x")),
        KeyValue.of(b("r1"), b("f"), b("a"), 2L, CellType.PUT, b("y")),
        KeyValue.of(b("r1"), b("f"), b("a"), 3L, CellType.PUT, b("z"))));
    row1.sort(CellComparator.INSTANCE);
    List<Cell> row2 = List.of(KeyValue.of(b("r2"), b("g"), b("c"), 4L, CellType.PUT, b("w")));
    CellBlock.Writer writer = new CellBlock.Writer(64);
    writer.addAll(row1);
    writer.addAll(row2);
    CellBlock.Reader reader = new CellBlock.Reader(writer.toBytes());

    Result first = OperationProtos.toResult(
        ResultProto.newBuilder().setCellCount(3).setPartial(true).build(), reader);
    Result exists = OperationProtos.toResult(
        ResultProto.newBuilder().setExists(true).build(), reader);
    Result second = OperationProtos.toResult(
        ResultProto.newBuilder().setCellCount(1).build(), reader);
    assertTrue(reader.atEnd());

    assertSameCells(row1, first.listCells());
    assertTrue(first.mayHaveMoreCellsInRow());
    assertNull(first.getExists());
    assertEquals("z", Bytes.toString(first.getValue(b("f"), b("a"))));
    assertTrue(exists.isEmpty());
    assertEquals(Boolean.TRUE, exists.getExists());
    assertSameCells(row2, second.listCells());
    assertFalse(second.mayHaveMoreCellsInRow());
    assertArrayEquals(b("r2"), second.getRow());
  }

  @Test
  void aResultClaimingMoreCellsThanTheBlockHoldsIsRefused() {
    CellBlock.Writer writer = new CellBlock.Writer(64);
    writer.add(KeyValue.of(b("r"), b("f"), b("q"), 1L, CellType.PUT, b("v")));
    CellBlock.Reader reader = new CellBlock.Reader(writer.toBytes());
    BadRequestException e = assertThrows(BadRequestException.class, () ->
        OperationProtos.toResult(ResultProto.newBuilder().setCellCount(2).build(), reader));
    assertTrue(e.getMessage().contains("claims 2 cells"), e.getMessage());
  }

  @Test
  void durabilityMapsByName() {
    assertEquals(Arrays.stream(Durability.values()).map(Enum::name).collect(Collectors.toSet()),
        Arrays.stream(DurabilityProto.values()).filter(d -> d != DurabilityProto.UNRECOGNIZED)
            .map(Enum::name).collect(Collectors.toSet()));
    for (Durability d : Durability.values()) {
      DurabilityProto p = OperationProtos.toProto(d);
      assertEquals(d.name(), p.name());
      assertEquals(d, OperationProtos.toDurability(p));
    }
    assertBadArgument(() -> OperationProtos.toDurability(DurabilityProto.UNRECOGNIZED),
        "unknown durability");
  }

  @Test
  void attributesTravelWithEveryOperation() {
    Map<String, ByteString> expected = Map.of("a", bs("1"), "b", ByteString.EMPTY);
    assertEquals(expected, OperationProtos.toProto(new Get(b("r")).setAttribute("a", b("1"))
        .setAttribute("b", Bytes.EMPTY)).getAttributesMap());
    assertEquals(expected, OperationProtos.toProto(new Scan().setAttribute("a", b("1"))
        .setAttribute("b", Bytes.EMPTY)).getAttributesMap());
    CellBlock.Writer cells = new CellBlock.Writer(64);
    List<Mutation> mutations = List.of(
        new Put(b("r")).addColumn(b("f"), b("q"), b("v")).setAttribute("a", b("1")),
        new Delete(b("r")).setAttribute("a", b("1")),
        new Increment(b("r")).addColumn(b("f"), b("q"), 1).setAttribute("a", b("1")),
        new Append(b("r")).addColumn(b("f"), b("q"), b("v")).setAttribute("a", b("1")));
    for (Mutation m : mutations) {
      m.setAttribute("b", Bytes.EMPTY);
      assertEquals(expected, OperationProtos.toProto(m, cells).getAttributesMap(),
          m.getClass().getSimpleName());
    }
    assertTrue(OperationProtos.toProto(new Get(b("r"))).getAttributesMap().isEmpty());
    RowMutations rm = new RowMutations(b("r"))
        .add(new Put(b("r")).addColumn(b("f"), b("q"), b("v")).setAttribute("p", b("1")))
        .add(new Delete(b("r")).setAttribute("d", b("2")));
    List<MutationProto> protos = OperationProtos.toProtos(rm, cells);
    assertEquals(Map.of("p", bs("1")), protos.get(0).getAttributesMap());
    assertEquals(Map.of("d", bs("2")), protos.get(1).getAttributesMap());
  }

  @Test
  void ttlTravelsInTheMutationNotInTheCells() throws BadRequestException {
    CellBlock.Writer cells = new CellBlock.Writer(64);
    Put put = new Put(b("r")).addColumn(b("f"), b("q"), b("v")).setTTL(1500);
    MutationProto p = OperationProtos.toProto(put, cells);
    assertTrue(p.hasTtl());
    assertEquals(1500, p.getTtl());
    Cell sent = new CellBlock.Reader(cells.toBytes()).next(1).get(0);
    assertEquals(0, sent.getTagsLength(), "the server writes the TTL tag");
    assertEquals(60_000, OperationProtos.toProto(new Increment(b("r"))
        .addColumn(b("f"), b("q"), 1).setTTL(60_000), cells).getTtl());
    assertEquals(7, OperationProtos.toProto(new Append(b("r"))
        .addColumn(b("f"), b("q"), b("x")).setTTL(7), cells).getTtl());
    assertFalse(OperationProtos.toProto(new Put(b("r")).addColumn(b("f"), b("q"), b("v")),
        cells).hasTtl(), "no TTL: the field is unset");
    assertFalse(OperationProtos.toProto(new Delete(b("r")), cells).hasTtl());
  }

  @Test
  void incrementAndAppendTimeRanges() {
    CellBlock.Writer cells = new CellBlock.Writer(64);
    MutationProto inc = OperationProtos.toProto(new Increment(b("r"))
        .addColumn(b("f"), b("q"), 1).setTimeRange(100, 200), cells);
    assertEquals(TimeRangeProto.newBuilder().setMin(100).setMax(200).build(),
        inc.getTimeRange());
    MutationProto app = OperationProtos.toProto(new Append(b("r"))
        .addColumn(b("f"), b("q"), b("x")).setTimeRange(5, Long.MAX_VALUE), cells);
    assertEquals(TimeRangeProto.newBuilder().setMin(5).build(), app.getTimeRange(),
        "an unbounded max is an unset max");
    assertFalse(OperationProtos.toProto(new Increment(b("r")).addColumn(b("f"), b("q"), 1),
        cells).hasTimeRange(), "all time: not sent");
  }

  @Test
  void familyTimeRangesOfGetsAndScans() {
    List<FamilyTimeRangeProto> expected = List.of(
        FamilyTimeRangeProto.newBuilder().setFamily(bs("a"))
            .setTimeRange(TimeRangeProto.newBuilder().setMin(1).setMax(2)).build(),
        FamilyTimeRangeProto.newBuilder().setFamily(bs("b"))
            .setTimeRange(TimeRangeProto.newBuilder().setMin(3)).build());
    assertEquals(expected, OperationProtos.toProto(new Get(b("r"))
        .setColumnFamilyTimeRange(b("b"), 3, Long.MAX_VALUE)
        .setColumnFamilyTimeRange(b("a"), 1, 2)).getFamilyTimeRangesList());
    Scan scan = new Scan().setColumnFamilyTimeRange(b("b"), 3, Long.MAX_VALUE)
        .setColumnFamilyTimeRange(b("a"), 1, 2);
    assertEquals(expected, OperationProtos.toProto(scan).getFamilyTimeRangesList());
    assertEquals(expected, OperationProtos.toProto(new Scan(scan)).getFamilyTimeRangesList(),
        "a resumed scan (a copy) keeps them");
    assertEquals(0, OperationProtos.toProto(new Scan()).getFamilyTimeRangesCount());
  }

  @Test
  void conditionTimeRangeAndIncrementAction() {
    Increment inc = new Increment(b("r")).addColumn(b("f"), b("n"), 1);
    CheckAndMutate cam = CheckAndMutate.newBuilder(b("r")).ifNotExists(b("f"), b("q"))
        .timeRange(TimeRange.between(10, 20)).build(inc);
    ConditionProto c = OperationProtos.toProto(cam);
    assertEquals(TimeRangeProto.newBuilder().setMin(10).setMax(20).build(), c.getTimeRange());
    assertFalse(OperationProtos.toProto(CheckAndMutate.newBuilder(b("r"))
        .ifNotExists(b("f"), b("q")).build(inc)).hasTimeRange());
    assertEquals(TimeRangeProto.newBuilder().setMin(4).setMax(5).build(),
        OperationProtos.toProto(CheckAndMutate.newBuilder(b("r"))
            .ifMatches(new PrefixFilter(b("r"))).timeRange(TimeRange.at(4)).build(inc))
            .getTimeRange(), "a filter condition has its time range too");
  }
}
