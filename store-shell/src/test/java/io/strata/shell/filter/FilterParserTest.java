package io.strata.shell.filter;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.filter.ByteArrayComparable.BinaryComparator;
import io.strata.common.filter.ByteArrayComparable.BinaryPrefixComparator;
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
import io.strata.common.filter.Filter.ReturnCode;
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
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every filter form, the operators' precedence, quoting and bytes, and every kind of error with
 * its exact message and column. Parsed filters are compared through their protobuf form
 * ({@link FilterCodec#toProto(Filter)}) with filters built by hand.
 */
class FilterParserTest {
  private static final Filter A = new PrefixFilter(b("a"));
  private static final Filter B = new PrefixFilter(b("b"));
  private static final Filter C = new PrefixFilter(b("c"));
  private static final Filter D = new PrefixFilter(b("d"));
  private static final Filter E = new PrefixFilter(b("e"));

  private static byte[] b(String s) {
    return s.getBytes(UTF_8);
  }

  /** The expression's bytes, one per char: lets a test write any byte as \\u00NN. */
  private static byte[] iso(String s) {
    return s.getBytes(ISO_8859_1);
  }

  private static BinaryComparator binary(String s) {
    return new BinaryComparator(b(s));
  }

  private static FilterList all(Filter... filters) {
    return new FilterList(FilterList.Operator.MUST_PASS_ALL, List.of(filters));
  }

  private static FilterList one(Filter... filters) {
    return new FilterList(FilterList.Operator.MUST_PASS_ONE, List.of(filters));
  }

  private static void assertParses(Filter expected, String expression) {
    assertParses(expected, expression.getBytes(UTF_8));
  }

  private static void assertParses(Filter expected, byte[] expression) {
    assertEquals(FilterCodec.toProto(expected), FilterCodec.toProto(FilterParser.parse(expression)),
        new String(expression, ISO_8859_1));
  }

  private static void assertError(int column, String detail, byte[] expression) {
    FilterSyntaxException e = assertThrows(FilterSyntaxException.class,
        () -> FilterParser.parse(expression));
    assertEquals("column " + column + ": " + detail, e.getMessage());
    assertEquals(column, e.column());
    assertEquals(detail, e.detail());
  }

  // ---- Each filter form ----

  static Stream<Arguments> forms() {
    return Stream.of(
        Arguments.of("KeyOnlyFilter()", new KeyOnlyFilter()),
        Arguments.of("KeyOnlyFilter(true)", new KeyOnlyFilter(true)),
        Arguments.of("KeyOnlyFilter(FALSE)", new KeyOnlyFilter(false)),
        Arguments.of("FirstKeyOnlyFilter()", new FirstKeyOnlyFilter()),
        Arguments.of("PrefixFilter('row')", new PrefixFilter(b("row"))),
        Arguments.of("PrefixFilter('')", new PrefixFilter(b(""))),
        Arguments.of("ColumnPrefixFilter('q')", new ColumnPrefixFilter(b("q"))),
        Arguments.of("MultipleColumnPrefixFilter('a','b')",
            new MultipleColumnPrefixFilter(List.of(b("a"), b("b")))),
        Arguments.of("MultipleColumnPrefixFilter('a')",
            new MultipleColumnPrefixFilter(List.of(b("a")))),
        Arguments.of("ColumnCountGetFilter(4)", new ColumnCountGetFilter(4)),
        Arguments.of("ColumnCountGetFilter(2147483647)",
            new ColumnCountGetFilter(Integer.MAX_VALUE)),
        Arguments.of("PageFilter(10)", new PageFilter(10)),
        Arguments.of("PageFilter(5000000000)", new PageFilter(5_000_000_000L)),
        Arguments.of("PageFilter(0)", new PageFilter(0)),
        Arguments.of("ColumnPaginationFilter(3, 2)", new ColumnPaginationFilter(3, 2)),
        Arguments.of("InclusiveStopFilter('row')", new InclusiveStopFilter(b("row"))),
        Arguments.of("TimestampsFilter(1, 2, 3)", new TimestampsFilter(List.of(1L, 2L, 3L))),
        Arguments.of("TimestampsFilter(9223372036854775807)",
            new TimestampsFilter(List.of(Long.MAX_VALUE))),
        Arguments.of("TimestampsFilter()", new TimestampsFilter(List.of())),
        Arguments.of("RowFilter(<=, 'binary:abc')",
            new RowFilter(CompareOperator.LESS_OR_EQUAL, binary("abc"))),
        Arguments.of("FamilyFilter(=, 'binaryprefix:f')",
            new FamilyFilter(CompareOperator.EQUAL, new BinaryPrefixComparator(b("f")))),
        Arguments.of("QualifierFilter(!=, 'regexstring:ab*')",
            new QualifierFilter(CompareOperator.NOT_EQUAL, new RegexStringComparator("ab*"))),
        Arguments.of("ValueFilter(=, 'substring:abc')",
            new ValueFilter(CompareOperator.EQUAL, new SubstringComparator("abc"))),
        Arguments.of("ValueFilter(>, 'binary:')",
            new ValueFilter(CompareOperator.GREATER, binary(""))),
        Arguments.of("ValueFilter(=, 'binary:a:b')",
            new ValueFilter(CompareOperator.EQUAL, binary("a:b"))),
        Arguments.of("DependentColumnFilter('f','q')",
            new DependentColumnFilter(b("f"), b("q"))),
        Arguments.of("DependentColumnFilter('f','q', true)",
            new DependentColumnFilter(b("f"), b("q"), true, null, null)),
        Arguments.of("DependentColumnFilter('f','q', false, =, 'binary:v')",
            new DependentColumnFilter(b("f"), b("q"), false, CompareOperator.EQUAL,
                binary("v"))),
        Arguments.of("SingleColumnValueFilter('f','q', =, 'binary:v')",
            new SingleColumnValueFilter(b("f"), b("q"), CompareOperator.EQUAL, binary("v"))),
        Arguments.of("SingleColumnValueFilter('f', 'q', >=, 'binary:v', true, false)",
            new SingleColumnValueFilter(b("f"), b("q"), CompareOperator.GREATER_OR_EQUAL,
                binary("v"), true, false)),
        Arguments.of("ColumnRangeFilter('a', true, 'c', false)",
            new ColumnRangeFilter(b("a"), true, b("c"), false)),
        Arguments.of("ColumnRangeFilter('', false, 'c', True)",
            new ColumnRangeFilter(b(""), false, b("c"), true)),
        Arguments.of("MultiRowRangeFilter('a', true, 'b', false, 'x', false, '', true)",
            new MultiRowRangeFilter(List.of(
                new MultiRowRangeFilter.RowRange(b("a"), true, b("b"), false),
                new MultiRowRangeFilter.RowRange(b("x"), false, b(""), true)))));
  }

  @ParameterizedTest
  @MethodSource("forms")
  void parsesEachForm(String expression, Filter expected) {
    assertParses(expected, expression);
  }

  static Stream<Arguments> operators() {
    return Stream.of(
        Arguments.of("<", CompareOperator.LESS),
        Arguments.of("<=", CompareOperator.LESS_OR_EQUAL),
        Arguments.of("=", CompareOperator.EQUAL),
        Arguments.of("!=", CompareOperator.NOT_EQUAL),
        Arguments.of(">=", CompareOperator.GREATER_OR_EQUAL),
        Arguments.of(">", CompareOperator.GREATER));
  }

  @ParameterizedTest
  @MethodSource("operators")
  void parsesEachCompareOperator(String symbol, CompareOperator op) {
    assertParses(new ValueFilter(op, binary("5")), "ValueFilter(" + symbol + ",'binary:5')");
    assertParses(new RowFilter(op, new BinaryPrefixComparator(b("r"))),
        "RowFilter( " + symbol + " , 'binaryprefix:r' )");
  }

  @Test
  void parsesFuzzyRowFilterWithBinaryMasks() {
    assertParses(new FuzzyRowFilter(List.of(
            new FuzzyRowFilter.FuzzyKey(b("ab?"), new byte[] {0, 0, 1}),
            new FuzzyRowFilter.FuzzyKey(new byte[] {0, 0x7F}, new byte[] {1, 0}))),
        iso("FuzzyRowFilter('ab?', '\u0000\u0000\u0001', '\u0000\u007f', '\u0001\u0000')"));
  }

  @Test
  void rebuildsFilterNamesAndSyntax() {
    List<String> names = List.of("ColumnCountGetFilter", "ColumnPaginationFilter",
        "ColumnPrefixFilter", "ColumnRangeFilter", "DependentColumnFilter", "FamilyFilter",
        "FirstKeyOnlyFilter", "FuzzyRowFilter", "InclusiveStopFilter", "KeyOnlyFilter",
        "MultiRowRangeFilter", "MultipleColumnPrefixFilter", "PageFilter", "PrefixFilter",
        "QualifierFilter", "RowFilter", "SingleColumnValueFilter", "TimestampsFilter",
        "ValueFilter");
    assertEquals(names, FilterParser.filterNames());
    assertEquals(names, List.copyOf(FilterParser.syntax().keySet()));
    assertEquals("PrefixFilter('prefix')", FilterParser.syntax().get("PrefixFilter"));
    assertEquals("ValueFilter(compareOp, 'comparator')",
        FilterParser.syntax().get("ValueFilter"));
    assertEquals("SingleColumnValueFilter('family', 'qualifier', compareOp, 'comparator'"
        + "[, filterIfMissing, latestVersionOnly])",
        FilterParser.syntax().get("SingleColumnValueFilter"));
  }

  // ---- Operators and grouping ----

  static Stream<Arguments> precedence() {
    return Stream.of(
        Arguments.of("PrefixFilter('a')", A),
        Arguments.of("((PrefixFilter('a')))", A),
        Arguments.of("A AND B AND C", all(A, B, C)),
        Arguments.of("A OR B OR C", one(A, B, C)),
        Arguments.of("A AND B OR C", one(all(A, B), C)),
        Arguments.of("A OR B AND C", one(A, all(B, C))),
        Arguments.of("A OR B OR C AND D OR E", one(A, B, all(C, D), E)),
        Arguments.of("(A OR B) AND C", all(one(A, B), C)),
        Arguments.of("(A AND B) AND C", all(all(A, B), C)),
        Arguments.of("A AND (B AND C)", all(A, all(B, C))),
        Arguments.of("(A)AND(B)", all(A, B)),
        Arguments.of("SKIP A AND B", all(new SkipFilter(A), B)),
        Arguments.of("A AND SKIP B OR C", one(all(A, new SkipFilter(B)), C)),
        Arguments.of("SKIP (A OR B)", new SkipFilter(one(A, B))),
        Arguments.of("WHILE A OR B", one(new WhileMatchFilter(A), B)),
        Arguments.of("WHILE SKIP A", new WhileMatchFilter(new SkipFilter(A))),
        Arguments.of("SKIP(A)", new SkipFilter(A)),
        Arguments.of("(A AND B) OR (C AND D)", one(all(A, B), all(C, D))));
  }

  /** Letters A..E stand for PrefixFilter('a')..PrefixFilter('e'). */
  @ParameterizedTest
  @MethodSource("precedence")
  void appliesPrecedenceAndGrouping(String shorthand, Filter expected) {
    String expression = shorthand;
    for (String letter : List.of("A", "B", "C", "D", "E")) {
      expression = expression.replaceAll("\\b" + letter + "\\b",
          "PrefixFilter('" + letter.toLowerCase() + "')");
    }
    assertParses(expected, expression);
  }

  @Test
  void allowsWhitespaceBetweenAnyTokens() {
    assertParses(
        all(new ValueFilter(CompareOperator.EQUAL, binary("abc")), new PrefixFilter(b("r"))),
        " \tValueFilter ( = , 'binary:abc' )\nAND\r\nPrefixFilter(\t'r'\t)  ");
  }

  // ---- Strings and bytes ----

  @Test
  void undoesDoubledQuotes() {
    assertParses(new PrefixFilter(b("it's")), "PrefixFilter('it''s')");
    assertParses(new PrefixFilter(b("'")), "PrefixFilter('''')");
    assertParses(new ValueFilter(CompareOperator.EQUAL, binary("a'b, c)")),
        "ValueFilter(=, 'binary:a''b, c)')");
    assertParses(new PrefixFilter(b("AND (x)")), "PrefixFilter('AND (x)')");
  }

  @Test
  void keepsEveryByteOfAString() {
    assertParses(new PrefixFilter(new byte[] {'a', 0x00, (byte) 0xFF, 'b'}),
        iso("PrefixFilter('a\u0000\u00ffb')"));
    assertParses(new ValueFilter(CompareOperator.EQUAL,
            new BinaryComparator(new byte[] {0x00, (byte) 0x80, (byte) 0xFF})),
        iso("ValueFilter(=, 'binary:\u0000\u0080\u00ff')"));
  }

  @Test
  void readsUtf8AsBytesExceptInTextComparators() {
    assertParses(new PrefixFilter(new byte[] {(byte) 0xC3, (byte) 0xA9}), "PrefixFilter('é')");
    assertParses(new ValueFilter(CompareOperator.EQUAL, new SubstringComparator("é")),
        "ValueFilter(=, 'substring:é')");
    assertParses(new ValueFilter(CompareOperator.NOT_EQUAL, new RegexStringComparator("^é+$")),
        "ValueFilter(!=, 'regexstring:^é+$')");
  }

  // ---- Errors ----

  static Stream<Arguments> errors() {
    String types = " (types: binary, binaryprefix, regexstring, substring)";
    return Stream.of(
        // empty expression
        Arguments.of("", 1, "the filter expression is empty; write a filter such as "
            + "PrefixFilter('row') (show_filters lists them)"),
        Arguments.of("  \t ", 1, "the filter expression is empty; write a filter such as "
            + "PrefixFilter('row') (show_filters lists them)"),
        // unknown filters
        Arguments.of("PrefxFilter('r')", 1,
            "unknown filter 'PrefxFilter'; did you mean PrefixFilter? (show_filters lists them)"),
        Arguments.of("valuefilter(=, 'binary:a')", 1,
            "unknown filter 'valuefilter'; did you mean ValueFilter? (show_filters lists them)"),
        Arguments.of("NoSuchThing()", 1, "unknown filter 'NoSuchThing' (show_filters lists them)"),
        Arguments.of("skip PrefixFilter('a')", 1,
            "unknown filter 'skip'; did you mean SKIP? (operators are upper case)"),
        Arguments.of("SkipFilter(PrefixFilter('a'))", 1, "unknown filter 'SkipFilter'; write "
            + "SKIP before a filter instead: SKIP ValueFilter(=, 'binary:v')"),
        Arguments.of("A AND PrefixFilter", 35,
            "expected '(' after PrefixFilter, found the end of the expression"),
        // structure
        Arguments.of("PrefixFilter 'a'", 14, "expected '(' after PrefixFilter, found string 'a'"),
        Arguments.of("ValueFilter(=x", 14,
            "expected ',' or ')' after argument 1 of ValueFilter, found 'x'"),
        Arguments.of("PrefixFilter('a'", 17,
            "expected ',' or ')' after argument 1 of PrefixFilter, found the end of the "
                + "expression"),
        Arguments.of("PrefixFilter('a',)", 18,
            "expected argument 2 of PrefixFilter after ',', found ')'"),
        Arguments.of("PrefixFilter(,)", 14,
            "expected an argument or ')' after 'PrefixFilter(', found ','"),
        Arguments.of("ValueFilter(==, 'binary:a')", 14,
            "expected ',' or ')' after argument 1 of ValueFilter, found '='"),
        Arguments.of("AND A", 1, "expected a filter, found 'AND'"),
        Arguments.of("A AND", 22, "expected a filter after AND, found the end of the expression"),
        Arguments.of("A OR OR B", 22, "expected a filter after OR, found 'OR'"),
        Arguments.of("SKIP", 5, "expected a filter after SKIP, found the end of the expression"),
        Arguments.of("()", 2, "expected a filter after '(', found ')'"),
        Arguments.of("(A", 19, "expected AND, OR or ')' to close the '(' at column 1, found the "
            + "end of the expression"),
        Arguments.of("(A and B)", 20, "expected AND, OR or ')' to close the '(' at column 1, "
            + "found 'and' (operators are upper case: AND)"),
        // trailing input
        Arguments.of("A B", 19, "expected AND, OR or the end of the expression, found "
            + "'PrefixFilter'"),
        Arguments.of("A)", 18, "')' has no matching '('"),
        Arguments.of("A or B", 19, "expected AND, OR or the end of the expression, found 'or' "
            + "(operators are upper case: OR)"),
        Arguments.of("A @", 19, "expected AND, OR or the end of the expression, found '@'"),
        // unterminated strings
        Arguments.of("PrefixFilter('abc", 14,
            "unterminated string: no closing ' (write '' for a quote inside a string)"),
        Arguments.of("PrefixFilter('it''s)", 14,
            "unterminated string: no closing ' (write '' for a quote inside a string)"),
        // argument counts
        Arguments.of("PageFilter(1, 2)", 1, "PageFilter takes 1 argument (page size), got 2"),
        Arguments.of("A AND PageFilter()", 23, "PageFilter takes 1 argument (page size), got 0"),
        Arguments.of("FirstKeyOnlyFilter(1)", 1, "FirstKeyOnlyFilter takes no arguments, got 1"),
        Arguments.of("KeyOnlyFilter(true, true)", 1,
            "KeyOnlyFilter takes 0 or 1 arguments (lengthAsValue), got 2"),
        Arguments.of("MultipleColumnPrefixFilter()", 1,
            "MultipleColumnPrefixFilter takes 1 or more arguments (prefix, ...), got 0"),
        Arguments.of("ValueFilter('binary:a')", 1,
            "ValueFilter takes 2 arguments (compareOp, comparator), got 1"),
        Arguments.of("ColumnPaginationFilter(1)", 1,
            "ColumnPaginationFilter takes 2 arguments (limit, offset), got 1"),
        Arguments.of("DependentColumnFilter('f', 'q', true, =)", 1,
            "DependentColumnFilter takes 2, 3 or 5 arguments (family, qualifier"
                + "[, dropDependentColumn[, compareOp, comparator]]), got 4"),
        Arguments.of("SingleColumnValueFilter('f', 'q', =, 'binary:v', true)", 1,
            "SingleColumnValueFilter takes 4 or 6 arguments (family, qualifier, compareOp, "
                + "comparator[, filterIfMissing, latestVersionOnly]), got 5"),
        Arguments.of("FuzzyRowFilter('a')", 1,
            "FuzzyRowFilter takes key/mask pairs (key, mask[, key, mask ...]), got 1"),
        Arguments.of("FuzzyRowFilter()", 1,
            "FuzzyRowFilter takes key/mask pairs (key, mask[, key, mask ...]), got 0"),
        Arguments.of("MultiRowRangeFilter('a', true, 'b', false, 'c')", 1,
            "MultiRowRangeFilter takes ranges of 4 arguments (start, startInclusive, stop, "
                + "stopInclusive[, ...]), got 5"),
        // argument types and values
        Arguments.of("PrefixFilter(10)", 14, "argument 1 (prefix) of PrefixFilter must be a "
            + "quoted string such as 'abc', found '10'"),
        Arguments.of("PageFilter('10')", 12, "argument 1 (page size) of PageFilter must be an "
            + "integer from 0 to 9223372036854775807, found string '10'"),
        Arguments.of("PageFilter(-1)", 12, "argument 1 (page size) of PageFilter must be an "
            + "integer from 0 to 9223372036854775807, found '-1'"),
        Arguments.of("PageFilter(99999999999999999999)", 12, "argument 1 (page size) of "
            + "PageFilter must be an integer from 0 to 9223372036854775807, found "
            + "'99999999999999999999'"),
        Arguments.of("ColumnCountGetFilter(2147483648)", 22, "argument 1 (limit) of "
            + "ColumnCountGetFilter must be an integer from 0 to 2147483647, found "
            + "'2147483648'"),
        Arguments.of("ColumnPaginationFilter(1, -2)", 27, "argument 2 (offset) of "
            + "ColumnPaginationFilter must be an integer from 0 to 2147483647, found '-2'"),
        Arguments.of("TimestampsFilter(1, x)", 21, "argument 2 (timestamp) of "
            + "TimestampsFilter must be an integer from 0 to 9223372036854775807, found 'x'"),
        Arguments.of("KeyOnlyFilter(yes)", 15, "argument 1 (lengthAsValue) of KeyOnlyFilter "
            + "must be true or false, found 'yes'"),
        Arguments.of("KeyOnlyFilter('true')", 15, "argument 1 (lengthAsValue) of "
            + "KeyOnlyFilter must be true or false, found string 'true'"),
        Arguments.of("ColumnRangeFilter('a', 1, 'c', false)", 24, "argument 2 (minInclusive) "
            + "of ColumnRangeFilter must be true or false, found '1'"),
        Arguments.of("ValueFilter('binary:a', =)", 13, "argument 1 (compareOp) of ValueFilter "
            + "must be a comparison operator (<, <=, =, !=, >=, >), found string 'binary:a'"),
        Arguments.of("ValueFilter(=, abc)", 16, "argument 2 (comparator) of ValueFilter must be "
            + "a quoted comparator such as 'binary:abc', found 'abc'"),
        Arguments.of("SingleColumnValueFilter('f', 'q', =, 'binary:v', yes, true)", 50,
            "argument 5 (filterIfMissing) of SingleColumnValueFilter must be true or false, "
                + "found 'yes'"),
        // comparators
        Arguments.of("ValueFilter(=, 'bin:abc')", 16, "unknown comparator type 'bin'" + types),
        Arguments.of("ValueFilter(=, 'Binary:abc')", 16,
            "unknown comparator type 'Binary'; did you mean binary?" + types),
        Arguments.of("ValueFilter(=, 'abc')", 16, "comparator 'abc' has no type; write "
            + "'type:value' such as 'binary:abc'" + types),
        Arguments.of("ValueFilter(<, 'regexstring:a')", 13,
            "a regexstring comparator only works with = or !=, not <"),
        Arguments.of("RowFilter(>=, 'substring:a')", 11,
            "a substring comparator only works with = or !=, not >="),
        Arguments.of("DependentColumnFilter('f', 'q', true, >, 'substring:a')", 39,
            "a substring comparator only works with = or !=, not >"),
        Arguments.of("ValueFilter(=, 'regexstring:ab(')", 16,
            "bad regular expression 'ab(' in ValueFilter: missing closing )"),
        Arguments.of("ValueFilter(=, 'regexstring:*a')", 16,
            "bad regular expression '*a' in ValueFilter: missing argument to repetition "
                + "operator"),
        Arguments.of("ValueFilter(=, 'regexstring:a(?=b)')", 16,
            "bad regular expression 'a(?=b)' in ValueFilter: invalid or unsupported Perl syntax"
                + " (backreferences and lookaround cannot run in linear time; Strata's regular"
                + " expressions run on RE2/J)"),
        // filters outside HBase's language
        Arguments.of("FuzzyRowFilter('ab', 'x')", 22, "mask 1 of FuzzyRowFilter has length 1 "
            + "but its key has length 2; they must be the same length"),
        Arguments.of("FuzzyRowFilter('ab', '01')", 22, "mask 1 of FuzzyRowFilter has byte 0x30 "
            + "at offset 0; mask bytes must be \\x00 (byte must match) or \\x01 (any byte)"),
        Arguments.of("MultiRowRangeFilter('b', true, 'a', false)", 21,
            "range 1 of MultiRowRangeFilter starts at 'b', after its stop 'a'"));
  }

  /** Letters A and B stand for PrefixFilter('a') and PrefixFilter('b') (17 columns each). */
  @ParameterizedTest
  @MethodSource("errors")
  void reportsErrorWithColumn(String shorthand, int column, String detail) {
    String expression = shorthand.replaceAll("\\bA\\b", "PrefixFilter('a')")
        .replaceAll("\\bB\\b", "PrefixFilter('b')");
    assertError(column, detail, expression.getBytes(UTF_8));
  }

  @Test
  void showsUnprintableBytesAsEscapes() {
    assertError(19, "expected AND, OR or the end of the expression, found '\\x01'",
        iso("PrefixFilter('a') \u0001"));
    assertError(14, "expected an argument or ')' after 'PrefixFilter(', found '\\xff'",
        iso("PrefixFilter(\u00ff)"));
    assertError(22, "mask 1 of FuzzyRowFilter has byte 0x02 at offset 1; mask bytes must be "
        + "\\x00 (byte must match) or \\x01 (any byte)",
        iso("FuzzyRowFilter('ab', '\u0000\u0002')"));
  }

  @Test
  void countsColumnsInBytes() {
    // 'é' is two bytes in UTF-8, so the stray word starts one column later than its char index.
    assertError(20, "expected AND, OR or the end of the expression, found 'x'",
        "PrefixFilter('é') x".getBytes(UTF_8));
  }

  // ---- Parsed filters applied to cells ----

  /**
   * Rows r1 (a:c1=abc, a:c2=xyz), r2 (a:c1=abc), s1 (a:c1=abc): one version per column, so a
   * minimal scanner (row key, then each cell, then the row) is enough.
   */
  private static final List<List<KeyValue>> ROWS = List.of(
      List.of(cell("r1", "c1", "abc"), cell("r1", "c2", "xyz")),
      List.of(cell("r2", "c1", "abc")),
      List.of(cell("s1", "c1", "abc")));

  private static KeyValue cell(String row, String qualifier, String value) {
    return KeyValue.of(b(row), b("a"), b(qualifier), 1L, CellType.PUT, b(value));
  }

  private static List<String> scan(String expression) {
    Filter filter = FilterParser.parse(expression);
    List<String> out = new ArrayList<>();
    for (List<KeyValue> row : ROWS) {
      if (filter.filterAllRemaining()) {
        break;
      }
      filter.reset();
      if (filter.filterRowKey(row.get(0))) {
        continue;
      }
      List<Cell> kept = new ArrayList<>();
      for (Cell c : row) {
        ReturnCode rc = filter.filterCell(c);
        if (rc == ReturnCode.INCLUDE || rc == ReturnCode.INCLUDE_AND_NEXT_COL) {
          kept.add(filter.transformCell(c));
        } else if (rc == ReturnCode.NEXT_ROW) {
          break;
        }
      }
      filter.filterRowCells(kept);
      if (!filter.filterRow()) {
        for (Cell c : kept) {
          out.add(Bytes.toString(c.getRowArray(), c.getRowOffset(), c.getRowLength()) + "/"
              + Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(),
                  c.getQualifierLength()) + "="
              + Bytes.toString(c.getValueArray(), c.getValueOffset(), c.getValueLength()));
        }
      }
    }
    return out;
  }

  @Test
  void parsedFiltersKeepTheExpectedCells() {
    assertEquals(List.of("r1/c1=abc", "r2/c1=abc"),
        scan("ValueFilter(=, 'binary:abc') AND PrefixFilter('r')"));
    assertEquals(List.of("r1/c2=xyz", "s1/c1=abc"),
        scan("PrefixFilter('s') OR ValueFilter(=, 'binary:xyz')"));
    assertEquals(List.of("r2/c1=abc", "s1/c1=abc"), scan("SKIP ValueFilter(=, 'binary:abc')"));
    assertEquals(List.of("r2/c1="), scan("KeyOnlyFilter() AND PrefixFilter('r2')"));
    assertEquals(List.of("r1/c2=xyz"), scan("QualifierFilter(=, 'regexstring:2$')"));
  }
}
