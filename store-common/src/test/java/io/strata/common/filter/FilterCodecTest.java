package io.strata.common.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.filter.ByteArrayComparable.BinaryComparator;
import io.strata.common.filter.ByteArrayComparable.BinaryPrefixComparator;
import io.strata.common.filter.ByteArrayComparable.BitComparator;
import io.strata.common.filter.ByteArrayComparable.NullComparator;
import io.strata.common.filter.ByteArrayComparable.RegexStringComparator;
import io.strata.common.filter.ByteArrayComparable.SubstringComparator;
import io.strata.common.proto.FilterProtos.ComparatorProto;
import io.strata.common.proto.FilterProtos.CompareProto;
import io.strata.common.proto.FilterProtos.FilterProto;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every filter and comparator the server evaluates crosses the wire: the client's object goes
 * to its proto, the server rebuilds a fresh filter of the same class from it, and that filter
 * goes back to the same proto (so no field is lost) and decides cells as the original does.
 */
class FilterCodecTest {
  private static byte[] b(String s) {
    return Bytes.toBytes(s);
  }

  private static CompareOperator[] ops() {
    return CompareOperator.values();
  }

  /** One or more filters of every kind the server knows, with their settings off default. */
  static Stream<Filter> everyFilter() {
    List<Filter> filters = new ArrayList<>();
    filters.add(new PrefixFilter(b("row")));
    for (CompareOperator op : ops()) {
      filters.add(new RowFilter(op, new BinaryComparator(b("r5"))));
    }
    filters.add(new FamilyFilter(CompareOperator.EQUAL, new BinaryPrefixComparator(b("f"))));
    filters.add(new QualifierFilter(CompareOperator.NOT_EQUAL,
        new RegexStringComparator("^q[0-9]+$")));
    filters.add(new ValueFilter(CompareOperator.EQUAL, new SubstringComparator("Abc")));
    filters.add(new ValueFilter(CompareOperator.EQUAL, new NullComparator()));
    for (BitComparator.BitOp op : BitComparator.BitOp.values()) {
      filters.add(new ValueFilter(CompareOperator.EQUAL, new BitComparator(new byte[] {1, 2},
          op)));
    }
    filters.add(new SingleColumnValueFilter(b("f"), b("q"), CompareOperator.GREATER,
        new BinaryComparator(b("5")), true, false));
    filters.add(new SingleColumnValueFilter(b("f"), b("q"), CompareOperator.LESS,
        new BinaryComparator(b("5"))));
    filters.add(new ColumnPrefixFilter(b("q")));
    filters.add(new MultipleColumnPrefixFilter(List.of(b("a"), b("q1"))));
    filters.add(new ColumnRangeFilter(b("a"), false, b("m"), true));
    filters.add(new ColumnRangeFilter(Bytes.EMPTY, true, Bytes.EMPTY, false));
    filters.add(new ColumnPaginationFilter(3, 2));
    filters.add(new ColumnCountGetFilter(4));
    filters.add(new PageFilter(10));
    filters.add(new FirstKeyOnlyFilter());
    filters.add(new KeyOnlyFilter());
    filters.add(new KeyOnlyFilter(true));
    filters.add(new TimestampsFilter(List.of(5L, 1L, 9L)));
    filters.add(new InclusiveStopFilter(b("r7")));
    filters.add(new MultiRowRangeFilter(List.of(
        new MultiRowRangeFilter.RowRange(b("a"), true, b("c"), false),
        new MultiRowRangeFilter.RowRange(b("m"), false, b("p"), true))));
    filters.add(new FuzzyRowFilter(List.of(
        new FuzzyRowFilter.FuzzyKey(b("r?1"), new byte[] {0, 1, 0}))));
    filters.add(new DependentColumnFilter(b("f"), b("ts")));
    filters.add(new DependentColumnFilter(b("f"), b("ts"), true, CompareOperator.EQUAL,
        new BinaryComparator(b("y"))));
    filters.add(new WhileMatchFilter(new RowFilter(CompareOperator.LESS,
        new BinaryComparator(b("r3")))));
    filters.add(new SkipFilter(new ValueFilter(CompareOperator.NOT_EQUAL,
        new BinaryComparator(b("bad")))));
    filters.add(new FilterList(FilterList.Operator.MUST_PASS_ONE, List.of(
        new PrefixFilter(b("r1")),
        new FilterList(FilterList.Operator.MUST_PASS_ALL, List.of(new FirstKeyOnlyFilter(),
            new KeyOnlyFilter())))));
    return filters.stream();
  }

  @ParameterizedTest
  @MethodSource("everyFilter")
  void clientFilterToProtoToServerFilterKeepsEverything(Filter client) throws Exception {
    FilterProto wire = FilterCodec.toProto(client);
    Filter server = FilterCodec.fromProto(wire);
    assertNotSame(client, server, "the server builds its own instance");
    assertSame(client.getClass(), server.getClass());
    assertEquals(wire, FilterCodec.toProto(server), "every setting survives the round trip");
    assertEquals(wire, FilterProto.parseFrom(wire.toByteArray()).toBuilder().build());
    assertSameDecisions(client, server);
  }

  /** Both filters decide a small table of cells alike. */
  private static void assertSameDecisions(Filter a, Filter b) {
    String[] rows = {"r1", "r3", "r5", "r7", "row9", "z"};
    for (String row : rows) {
      List<Cell> cells = new ArrayList<>();
      for (String q : new String[] {"a", "q", "q1", "q2", "ts", "zz"}) {
        for (long ts = 9; ts >= 1; ts -= 4) {
          cells.add(KeyValue.of(b(row), b("f"), b(q), ts, CellType.PUT, b(q.equals("q") ? "5"
              : "v" + ts)));
        }
      }
      assertEquals(decide(a, cells), decide(b, cells), "row " + row + " with " + a.getClass());
    }
  }

  private static List<String> decide(Filter f, List<Cell> cells) {
    List<String> out = new ArrayList<>();
    f.reset();
    out.add("rowKey=" + f.filterRowKey(cells.get(0)));
    List<Cell> kept = new ArrayList<>();
    for (Cell c : cells) {
      Filter.ReturnCode code = f.filterCell(c);
      out.add(code.name());
      if (code == Filter.ReturnCode.INCLUDE || code == Filter.ReturnCode.INCLUDE_AND_NEXT_COL) {
        Cell t = f.transformCell(c);
        kept.add(t);
        out.add("value=" + Bytes.toStringBinary(t.getValueArray(), t.getValueOffset(),
            t.getValueLength()));
      }
    }
    if (f.hasFilterRow()) {
      f.filterRowCells(kept);
      out.add("kept=" + kept.size() + " row=" + f.filterRow());
    }
    out.add("allRemaining=" + f.filterAllRemaining());
    return out;
  }

  @Test
  void everyKindOfFilterAndComparatorIsCovered() {
    Set<FilterProto.KindCase> filters = EnumSet.noneOf(FilterProto.KindCase.class);
    Set<ComparatorProto.KindCase> comparators = EnumSet.noneOf(ComparatorProto.KindCase.class);
    everyFilter().forEach(f -> collect(FilterCodec.toProto(f), filters, comparators));
    assertEquals(EnumSet.complementOf(EnumSet.of(FilterProto.KindCase.KIND_NOT_SET)), filters,
        "a filter kind on the wire without a round-trip case here");
    assertEquals(EnumSet.complementOf(EnumSet.of(ComparatorProto.KindCase.KIND_NOT_SET)),
        comparators, "a comparator kind on the wire without a round-trip case here");
  }

  private static void collect(FilterProto p, Set<FilterProto.KindCase> filters,
      Set<ComparatorProto.KindCase> comparators) {
    filters.add(p.getKindCase());
    switch (p.getKindCase()) {
      case ROW -> comparators.add(p.getRow().getComparator().getKindCase());
      case FAMILY -> comparators.add(p.getFamily().getComparator().getKindCase());
      case QUALIFIER -> comparators.add(p.getQualifier().getComparator().getKindCase());
      case VALUE -> comparators.add(p.getValue().getComparator().getKindCase());
      case WHILE_MATCH -> collect(p.getWhileMatch(), filters, comparators);
      case SKIP -> collect(p.getSkip(), filters, comparators);
      case LIST -> p.getList().getFiltersList().forEach(f -> collect(f, filters, comparators));
      default -> { }
    }
  }

  @Test
  void malformedProtosAndUnsendableFiltersAreRefused() {
    assertEquals("a filter names no kind; the request is malformed",
        assertThrows(IllegalArgumentException.class,
            () -> FilterCodec.fromProto(FilterProto.getDefaultInstance())).getMessage());
    assertEquals("a comparator names no kind; the request is malformed",
        assertThrows(IllegalArgumentException.class, () -> FilterCodec.fromProto(
            FilterProto.newBuilder().setRow(CompareProto.newBuilder().setOp("EQUAL")).build()))
            .getMessage());
    IllegalArgumentException badOp = assertThrows(IllegalArgumentException.class,
        () -> FilterCodec.fromProto(FilterProto.newBuilder().setValue(CompareProto.newBuilder()
            .setOp("ABOUT").setComparator(ComparatorProto.newBuilder().setBinary(
                com.google.protobuf.ByteString.copyFromUtf8("x")))).build()));
    assertTrue(badOp.getMessage().startsWith("unknown compare operator 'ABOUT'"),
        badOp.getMessage());
    IllegalArgumentException badRegex = assertThrows(IllegalArgumentException.class,
        () -> FilterCodec.fromProto(FilterProto.newBuilder().setRow(CompareProto.newBuilder()
            .setOp("EQUAL").setComparator(ComparatorProto.newBuilder().setRegex("(")))
            .build()));
    assertTrue(badRegex.getMessage().startsWith("regular expression '(' is invalid"),
        badRegex.getMessage());
    Filter custom = new Filter() { };
    IllegalArgumentException unsendable = assertThrows(IllegalArgumentException.class,
        () -> FilterCodec.toProto(custom));
    assertTrue(unsendable.getMessage().endsWith("cannot be sent to a server"),
        unsendable.getMessage());
  }
}
