package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.CF2;
import static io.strata.server.region.RegionFixture.put;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.cell.Cell;
import io.strata.common.filter.ByteArrayComparable.BinaryComparator;
import io.strata.common.filter.ByteArrayComparable.BinaryPrefixComparator;
import io.strata.common.filter.ByteArrayComparable.BitComparator;
import io.strata.common.filter.ByteArrayComparable.NullComparator;
import io.strata.common.filter.ByteArrayComparable.RegexStringComparator;
import io.strata.common.filter.ByteArrayComparable.SubstringComparator;
import io.strata.common.filter.ColumnCountGetFilter;
import io.strata.common.filter.ColumnPaginationFilter;
import io.strata.common.filter.ColumnPrefixFilter;
import io.strata.common.filter.ColumnRangeFilter;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.DependentColumnFilter;
import io.strata.common.filter.FamilyFilter;
import io.strata.common.filter.Filter;
import io.strata.common.filter.FilterCodec;
import io.strata.common.filter.FilterList;
import io.strata.common.filter.FirstKeyOnlyFilter;
import io.strata.common.filter.FuzzyRowFilter;
import io.strata.common.filter.InclusiveStopFilter;
import io.strata.common.filter.KeyOnlyFilter;
import io.strata.common.filter.MultiRowRangeFilter;
import io.strata.common.filter.MultipleColumnPrefixFilter;
import io.strata.common.filter.PageFilter;
import io.strata.common.filter.PrefixFilter;
import io.strata.common.filter.QualifierFilter;
import io.strata.common.filter.RowFilter;
import io.strata.common.filter.SingleColumnValueFilter;
import io.strata.common.filter.SkipFilter;
import io.strata.common.filter.TimestampsFilter;
import io.strata.common.filter.ValueFilter;
import io.strata.common.filter.WhileMatchFilter;
import io.strata.common.proto.FilterProtos.FilterProto;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every filter and comparator over one fixed table, each sent through its protobuf form first,
 * with the exact rows and cells expected (values of family a, versions of a:c3 at 1 and 2):
 *
 * <pre>
 * r1  a:c1=apple  a:c2=banana  b:n=10
 * r2  a:c1=cherry a:c3=date@1 a:c3=date2@2  b:n=20
 * r3  a:c2=egg  b:n=30
 * s1  a:c1=fig
 * s2  b:n=40
 * </pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FilterScanTest {
  @TempDir
  static java.nio.file.Path tmp;

  private RegionFixture f;

  @BeforeAll
  void load() throws IOException {
    f = new RegionFixture(tmp, 3);
    f.mutate("r1", put("r1", CF1, "c1", 1, "apple"), put("r1", CF1, "c2", 1, "banana"),
        put("r1", CF2, "n", 1, "10"));
    f.mutate("r2", put("r2", CF1, "c1", 1, "cherry"), put("r2", CF1, "c3", 1, "date"),
        put("r2", CF1, "c3", 2, "date2"), put("r2", CF2, "n", 1, "20"));
    f.region.flush();
    f.mutate("r3", put("r3", CF1, "c2", 1, "egg"), put("r3", CF2, "n", 1, "30"));
    f.mutate("s1", put("s1", CF1, "c1", 1, "fig"));
    f.mutate("s2", put("s2", CF2, "n", 1, "40"));
  }

  @AfterAll
  void close() throws IOException {
    f.close();
  }

  private static byte[] b(String s) {
    return Bytes.toBytes(s);
  }

  private static BinaryComparator bin(String s) {
    return new BinaryComparator(b(s));
  }

  static Stream<Arguments> cases() {
    String all1 = "r1[a:c1=apple a:c2=banana b:n=10] r2[a:c1=cherry a:c3=date2 b:n=20] ";
    return Stream.of(
        Arguments.of("prefix", new PrefixFilter(b("r")), 1,
            all1 + "r3[a:c2=egg b:n=30]"),
        Arguments.of("row", new RowFilter(CompareOperator.GREATER_OR_EQUAL, bin("r3")), 1,
            "r3[a:c2=egg b:n=30] s1[a:c1=fig] s2[b:n=40]"),
        Arguments.of("family", new FamilyFilter(CompareOperator.EQUAL, bin("b")), 1,
            "r1[b:n=10] r2[b:n=20] r3[b:n=30] s2[b:n=40]"),
        Arguments.of("qualifier", new QualifierFilter(CompareOperator.EQUAL, bin("c1")), 1,
            "r1[a:c1=apple] r2[a:c1=cherry] s1[a:c1=fig]"),
        Arguments.of("value substring", new ValueFilter(CompareOperator.EQUAL,
            new SubstringComparator("AN")), 1, "r1[a:c2=banana]"),
        Arguments.of("value regex", new ValueFilter(CompareOperator.EQUAL,
            new RegexStringComparator("^[0-9]+$")), 1,
            "r1[b:n=10] r2[b:n=20] r3[b:n=30] s2[b:n=40]"),
        Arguments.of("value binary prefix", new ValueFilter(CompareOperator.EQUAL,
            new BinaryPrefixComparator(b("ch"))), 1, "r2[a:c1=cherry]"),
        Arguments.of("value null", new ValueFilter(CompareOperator.EQUAL, new NullComparator()),
            1, ""),
        Arguments.of("value bit", new ValueFilter(CompareOperator.EQUAL, new BitComparator(
            new byte[] {2, 0}, BitComparator.BitOp.AND)), 1, "r2[b:n=20] r3[b:n=30]"),
        Arguments.of("value less", new ValueFilter(CompareOperator.LESS, bin("c")), 1,
            "r1[a:c1=apple a:c2=banana b:n=10] r2[b:n=20] r3[b:n=30] s2[b:n=40]"),
        Arguments.of("single column value", new SingleColumnValueFilter(b("b"), b("n"),
            CompareOperator.GREATER, bin("15")), 1,
            "r2[a:c1=cherry a:c3=date2 b:n=20] r3[a:c2=egg b:n=30] s1[a:c1=fig] s2[b:n=40]"),
        Arguments.of("single column value if missing", new SingleColumnValueFilter(b("b"),
            b("n"), CompareOperator.GREATER, bin("15"), true, true), 1,
            "r2[a:c1=cherry a:c3=date2 b:n=20] r3[a:c2=egg b:n=30] s2[b:n=40]"),
        Arguments.of("column prefix", new ColumnPrefixFilter(b("c")), 1,
            "r1[a:c1=apple a:c2=banana] r2[a:c1=cherry a:c3=date2] r3[a:c2=egg] s1[a:c1=fig]"),
        Arguments.of("multiple column prefix", new MultipleColumnPrefixFilter(List.of(b("c1"),
            b("n"))), 1, "r1[a:c1=apple b:n=10] r2[a:c1=cherry b:n=20] r3[b:n=30] "
            + "s1[a:c1=fig] s2[b:n=40]"),
        Arguments.of("column range", new ColumnRangeFilter(b("c2"), true, b("c3"), false), 1,
            "r1[a:c2=banana] r3[a:c2=egg]"),
        Arguments.of("column pagination", new ColumnPaginationFilter(1, 1), 1,
            "r1[a:c2=banana] r2[a:c3=date2] r3[b:n=30]"),
        Arguments.of("column count get", new ColumnCountGetFilter(2), 3,
            "r1[a:c1=apple a:c2=banana] r2[a:c1=cherry a:c3=date2] r3[a:c2=egg b:n=30] "
            + "s1[a:c1=fig] s2[b:n=40]"),
        Arguments.of("page", new PageFilter(2), 1, all1.trim()),
        Arguments.of("first key only", new FirstKeyOnlyFilter(), 1,
            "r1[a:c1=apple] r2[a:c1=cherry] r3[a:c2=egg] s1[a:c1=fig] s2[b:n=40]"),
        Arguments.of("key only", new FilterList(FilterList.Operator.MUST_PASS_ALL, List.of(
            new RowFilter(CompareOperator.EQUAL, bin("r1")), new KeyOnlyFilter())), 1,
            "r1[a:c1= a:c2= b:n=]"),
        Arguments.of("key only with lengths", new FilterList(FilterList.Operator.MUST_PASS_ALL,
            List.of(new RowFilter(CompareOperator.EQUAL, bin("s1")), new KeyOnlyFilter(true))), 1,
            "s1[a:c1=\\x00\\x00\\x00\\x03]"),
        Arguments.of("timestamps", new TimestampsFilter(List.of(2L)), 3, "r2[a:c3=date2]"),
        Arguments.of("inclusive stop", new InclusiveStopFilter(b("r2")), 1, all1.trim()),
        Arguments.of("multi row range", new MultiRowRangeFilter(List.of(
            new MultiRowRangeFilter.RowRange(b("r1"), true, b("r2"), true),
            new MultiRowRangeFilter.RowRange(b("s2"), true, b("s2"), true))), 1,
            all1 + "s2[b:n=40]"),
        Arguments.of("fuzzy row", new FuzzyRowFilter(List.of(new FuzzyRowFilter.FuzzyKey(
            b("?1"), new byte[] {1, 0}))), 1,
            "r1[a:c1=apple a:c2=banana b:n=10] s1[a:c1=fig]"),
        Arguments.of("dependent column", new DependentColumnFilter(b("a"), b("c3")), 3,
            "r2[a:c1=cherry a:c3=date2 a:c3=date b:n=20]"),
        Arguments.of("dependent column dropped", new DependentColumnFilter(b("a"), b("c3"), true,
            CompareOperator.EQUAL, bin("date")), 3, "r2[a:c1=cherry b:n=20]"),
        Arguments.of("while match", new WhileMatchFilter(new RowFilter(CompareOperator.LESS,
            bin("r3"))), 1, all1.trim()),
        Arguments.of("skip", new SkipFilter(new ValueFilter(CompareOperator.NOT_EQUAL,
            bin("banana"))), 1, "r2[a:c1=cherry a:c3=date2 b:n=20] r3[a:c2=egg b:n=30] "
            + "s1[a:c1=fig] s2[b:n=40]"),
        Arguments.of("list all", new FilterList(FilterList.Operator.MUST_PASS_ALL, List.of(
            new PrefixFilter(b("r")), new QualifierFilter(CompareOperator.EQUAL, bin("c1")))), 1,
            "r1[a:c1=apple] r2[a:c1=cherry]"),
        Arguments.of("list one", new FilterList(FilterList.Operator.MUST_PASS_ONE, List.of(
            new RowFilter(CompareOperator.EQUAL, bin("r3")),
            new QualifierFilter(CompareOperator.EQUAL, bin("c1")))), 1,
            "r1[a:c1=apple] r2[a:c1=cherry] r3[a:c2=egg b:n=30] s1[a:c1=fig]"));
  }

  private String scan(Filter filter, int versions) throws IOException {
    List<String> rows = new ArrayList<>();
    try (RegionScanner s = f.region.scanner(ScanSpec.all().withMaxVersions(versions)
        .withFilter(filter))) {
      List<Cell> row;
      while ((row = s.nextRow()) != null) {
        List<String> cells = new ArrayList<>();
        for (Cell c : row) {
          cells.add(Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength())
              + ":" + Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(),
              c.getQualifierLength()) + "=" + Bytes.toStringBinary(c.getValueArray(),
              c.getValueOffset(), c.getValueLength()));
        }
        rows.add(Bytes.toString(row.get(0).getRowArray(), row.get(0).getRowOffset(),
            row.get(0).getRowLength()) + "[" + String.join(" ", cells) + "]");
      }
    }
    return String.join(" ", rows);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void everyFilterSentOverTheWireKeepsExactlyItsCells(String name, Filter filter, int versions,
      String expected) throws Exception {
    FilterProto wire = FilterProto.parseFrom(FilterCodec.toProto(filter).toByteArray());
    assertEquals(expected, scan(FilterCodec.fromProto(wire), versions));
  }

  @Test
  void aRowFilterStillGetsWholeRowsUnderBatchLimits() throws IOException {
    try (RegionScanner s = f.region.scanner(ScanSpec.all().withFilter(
        new SingleColumnValueFilter(b("b"), b("n"), CompareOperator.EQUAL, bin("20"))))) {
      RegionScanner.ScanBatch batch = s.next(10, 1, 1);
      assertEquals(1, batch.parts().size());
      assertEquals(3, batch.parts().get(0).cells().size());
    }
  }

  @Test
  void badFilterArgumentsAreExplained() {
    assertEquals("regular expression '([a' is invalid: missing closing ]",
        assertThrows(IllegalArgumentException.class, () -> new RegexStringComparator("([a"))
            .getMessage());
    assertEquals("fuzzy key of 2 bytes has a mask of 1 bytes; they must be the same length",
        assertThrows(IllegalArgumentException.class, () -> new FuzzyRowFilter.FuzzyKey(b("ab"),
            new byte[] {0})).getMessage());
    assertEquals("a filter names no kind; the request is malformed",
        assertThrows(IllegalArgumentException.class,
            () -> FilterCodec.fromProto(FilterProto.getDefaultInstance())).getMessage());
  }
}
