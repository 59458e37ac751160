package io.strata.shell.filter;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;

import com.google.re2j.PatternSyntaxException;
import io.strata.common.filter.ByteArrayComparable;
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
import io.strata.common.util.EditDistance;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Parses HBase's filter language (the one the HBase shell and Thrift gateway accept) into a
 * Strata {@link Filter}:
 *
 * <pre>
 *   Filter f = FilterParser.parse("ValueFilter(=, 'binary:abc') AND PrefixFilter('r')");
 *   // FilterList(MUST_PASS_ALL, [ValueFilter(EQUAL, binary abc), PrefixFilter(r)])
 * </pre>
 *
 * <p>Grammar (keywords are case-sensitive, whitespace may appear between any two tokens):
 *
 * <pre>
 *   expression := and ( "OR" and )*            one FilterList(MUST_PASS_ONE) per run of ORs
 *   and        := unary ( "AND" unary )*       one FilterList(MUST_PASS_ALL) per run of ANDs
 *   unary      := "SKIP" unary | "WHILE" unary | "(" expression ")" | call
 *   call       := Name "(" [ argument ( "," argument )* ] ")"
 *   argument   := 'string' | integer | true | false | &lt; | &lt;= | = | != | &gt;= | &gt;
 * </pre>
 *
 * Strings are single-quoted and a quote inside is doubled: {@code 'it''s'}. Integers are decimal
 * with an optional leading minus. {@code true} and {@code false} ignore case, as in HBase.
 * Parentheses keep their grouping: {@code (A AND B) AND C} is a list holding a list. A
 * comparator is a string {@code 'type:value'}, the value being everything after the first colon;
 * the types are {@code binary}, {@code binaryprefix}, {@code regexstring} and {@code substring},
 * the last two only with {@code =} or {@code !=}. {@link #syntax()} lists each filter's form.
 *
 * <p>The expression is bytes, one character per byte (ISO-8859-1), because the shell has already
 * turned escapes such as {@code "\x00"} into bytes; string arguments become exactly their bytes,
 * except that regexstring and substring values are read as UTF-8 (as the comparators read the
 * data). Errors are {@link FilterSyntaxException}s naming the 1-based column.
 */
public final class FilterParser {
  /** One way to build a filter from its call's arguments. */
  private record FilterForm(String syntax, Function<Args, Filter> build) {}

  private static final Map<String, FilterForm> FORMS = forms();
  private static final List<String> KEYWORDS = List.of("AND", "OR", "SKIP", "WHILE");
  private static final List<String> COMPARATOR_TYPES =
      List.of("binary", "binaryprefix", "regexstring", "substring");
  private static final Map<String, String> NOT_CALLABLE = Map.of(
      "SkipFilter", "write SKIP before a filter instead: SKIP ValueFilter(=, 'binary:v')",
      "WhileMatchFilter", "write WHILE before a filter instead: WHILE RowFilter(<, 'binary:m')",
      "FilterList", "combine filters with AND and OR instead");
  private static final int SHOWN_CHARS = 40;

  private enum Kind { WORD, STRING, INTEGER, OPERATOR, LPAREN, RPAREN, COMMA, OTHER, END }

  /**
   * A token. {@code text} is its source text, except for strings, where it is the content with
   * doubled quotes undone and {@code value} the content's bytes.
   */
  private record Token(Kind kind, String text, int column, byte[] value) {
    boolean is(String keyword) {
      return kind == Kind.WORD && text.equals(keyword);
    }
  }

  private final String text;
  private int pos;
  private Token peeked;

  private FilterParser(String text) {
    this.text = text;
  }

  /** Parses an expression given as bytes, one character per byte. */
  public static Filter parse(byte[] expression) {
    return new FilterParser(new String(expression, ISO_8859_1)).parseExpression();
  }

  /** Parses an expression encoded as UTF-8; columns count bytes of that encoding. */
  public static Filter parse(String expression) {
    return parse(expression.getBytes(UTF_8));
  }

  /** The names usable as {@code Name(...)}, sorted (for {@code show_filters}). */
  public static List<String> filterNames() {
    return List.copyOf(FORMS.keySet());
  }

  /** Each filter name with its call syntax, such as {@code PrefixFilter('prefix')}, by name. */
  public static Map<String, String> syntax() {
    Map<String, String> out = new TreeMap<>();
    FORMS.forEach((name, form) -> out.put(name, form.syntax()));
    return Collections.unmodifiableMap(out);
  }

  // ---- Expressions ----

  private Filter parseExpression() {
    if (text.chars().allMatch(FilterParser::isSpace)) {
      throw error(1, "the filter expression is empty; write a filter such as "
          + "PrefixFilter('row') (show_filters lists them)");
    }
    Filter f = parseOr(null);
    Token t = next();
    if (t.kind() == Kind.RPAREN) {
      throw error(t.column(), "')' has no matching '('");
    }
    if (t.kind() != Kind.END) {
      throw error(t.column(), "expected AND, OR or the end of the expression, found "
          + describe(t) + operatorHint(t));
    }
    return f;
  }

  /** {@code after} names what precedes the operand, for errors; null at the start. */
  private Filter parseOr(String after) {
    List<Filter> operands = new ArrayList<>();
    operands.add(parseAnd(after));
    while (peek().is("OR")) {
      next();
      operands.add(parseAnd("OR"));
    }
    return operands.size() == 1 ? operands.get(0)
        : new FilterList(FilterList.Operator.MUST_PASS_ONE, operands);
  }

  private Filter parseAnd(String after) {
    List<Filter> operands = new ArrayList<>();
    operands.add(parseUnary(after));
    while (peek().is("AND")) {
      next();
      operands.add(parseUnary("AND"));
    }
    return operands.size() == 1 ? operands.get(0)
        : new FilterList(FilterList.Operator.MUST_PASS_ALL, operands);
  }

  private Filter parseUnary(String after) {
    Token t = next();
    if (t.is("SKIP")) {
      return new SkipFilter(parseUnary("SKIP"));
    }
    if (t.is("WHILE")) {
      return new WhileMatchFilter(parseUnary("WHILE"));
    }
    if (t.kind() == Kind.LPAREN) {
      Filter inner = parseOr("'('");
      Token close = next();
      if (close.kind() != Kind.RPAREN) {
        throw error(close.column(), "expected AND, OR or ')' to close the '(' at column "
            + t.column() + ", found " + describe(close) + operatorHint(close));
      }
      return inner;
    }
    if (t.kind() == Kind.WORD && !t.is("AND") && !t.is("OR")) {
      return parseCall(t);
    }
    throw error(t.column(), "expected a filter" + (after == null ? "" : " after " + after)
        + ", found " + describe(t));
  }

  private Filter parseCall(Token name) {
    FilterForm form = FORMS.get(name.text());
    if (form == null) {
      throw unknownFilter(name);
    }
    Token open = next();
    if (open.kind() != Kind.LPAREN) {
      throw error(open.column(), "expected '(' after " + name.text() + ", found "
          + describe(open));
    }
    List<Token> args = new ArrayList<>();
    Token t = next();
    boolean more = t.kind() != Kind.RPAREN;
    while (more) {
      if (!isArgument(t)) {
        throw error(t.column(), (args.isEmpty()
            ? "expected an argument or ')' after '" + name.text() + "('"
            : "expected argument " + (args.size() + 1) + " of " + name.text() + " after ','")
            + ", found " + describe(t));
      }
      args.add(t);
      Token separator = next();
      if (separator.kind() != Kind.COMMA && separator.kind() != Kind.RPAREN) {
        throw error(separator.column(), "expected ',' or ')' after argument " + args.size()
            + " of " + name.text() + ", found " + describe(separator));
      }
      more = separator.kind() == Kind.COMMA;
      t = more ? next() : separator;
    }
    return form.build().apply(new Args(name, args));
  }

  private static boolean isArgument(Token t) {
    return t.kind() == Kind.STRING || t.kind() == Kind.INTEGER || t.kind() == Kind.OPERATOR
        || t.kind() == Kind.WORD;
  }

  private static FilterSyntaxException unknownFilter(Token name) {
    String word = name.text();
    String upper = word.toUpperCase(Locale.ROOT);
    String detail = "unknown filter '" + show(word) + "'";
    if (KEYWORDS.contains(upper)) {
      return error(name.column(), detail + "; did you mean " + upper
          + "? (operators are upper case)");
    }
    if (NOT_CALLABLE.containsKey(word)) {
      return error(name.column(), detail + "; " + NOT_CALLABLE.get(word));
    }
    String guess = closest(word, FORMS.keySet());
    return error(name.column(), detail + (guess == null ? "" : "; did you mean " + guess + "?")
        + " (show_filters lists them)");
  }

  private static String operatorHint(Token t) {
    String upper = t.text().toUpperCase(Locale.ROOT);
    return t.kind() == Kind.WORD && !upper.equals(t.text()) && KEYWORDS.contains(upper)
        ? " (operators are upper case: " + upper + ")" : "";
  }

  // ---- Tokens ----

  private Token peek() {
    if (peeked == null) {
      peeked = lex();
    }
    return peeked;
  }

  private Token next() {
    Token t = peek();
    peeked = null;
    return t;
  }

  private Token lex() {
    while (pos < text.length() && isSpace(text.charAt(pos))) {
      pos++;
    }
    int start = pos;
    int column = start + 1;
    if (pos == text.length()) {
      return new Token(Kind.END, "", column, null);
    }
    char c = text.charAt(pos++);
    Kind kind;
    if (c == '\'') {
      return lexString(column);
    } else if (c == '(') {
      kind = Kind.LPAREN;
    } else if (c == ')') {
      kind = Kind.RPAREN;
    } else if (c == ',') {
      kind = Kind.COMMA;
    } else if (isDigit(c) || (c == '-' && pos < text.length() && isDigit(text.charAt(pos)))) {
      while (pos < text.length() && isDigit(text.charAt(pos))) {
        pos++;
      }
      kind = Kind.INTEGER;
    } else if (isWordChar(c)) {
      while (pos < text.length() && isWordChar(text.charAt(pos))) {
        pos++;
      }
      kind = Kind.WORD;
    } else if (c == '<' || c == '>' || c == '=' || c == '!') {
      if ((c == '<' || c == '>' || c == '!') && pos < text.length() && text.charAt(pos) == '=') {
        pos++;
      }
      kind = pos - start == 1 && c == '!' ? Kind.OTHER : Kind.OPERATOR;
    } else {
      kind = Kind.OTHER;
    }
    return new Token(kind, text.substring(start, pos), column, null);
  }

  private Token lexString(int column) {
    StringBuilder s = new StringBuilder();
    while (true) {
      if (pos == text.length()) {
        throw error(column, "unterminated string: no closing ' (write '' for a quote inside "
            + "a string)");
      }
      char c = text.charAt(pos++);
      if (c == '\'') {
        if (pos < text.length() && text.charAt(pos) == '\'') {
          pos++;
        } else {
          break;
        }
      }
      s.append(c);
    }
    String content = s.toString();
    return new Token(Kind.STRING, content, column, content.getBytes(ISO_8859_1));
  }

  private static boolean isSpace(int c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isWordChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_';
  }

  // ---- Messages ----

  private static FilterSyntaxException error(int column, String detail) {
    return new FilterSyntaxException(column, detail);
  }

  private static String describe(Token t) {
    return switch (t.kind()) {
      case END -> "the end of the expression";
      case STRING -> "string '" + show(t.text()) + "'";
      default -> "'" + show(t.text()) + "'";
    };
  }

  /** Printable ASCII as is, other characters as \xNN (lower-case hex); long text cut. */
  private static String show(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length() && i < SHOWN_CHARS; i++) {
      char c = s.charAt(i);
      out.append(c >= 0x20 && c < 0x7F ? String.valueOf(c) : String.format("\\x%02x", (int) c));
    }
    return s.length() > SHOWN_CHARS ? out + "..." : out.toString();
  }

  /** The candidate nearest to {@code word} ignoring case, if near enough to be a typo. */
  private static String closest(String word, Collection<String> candidates) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String c : candidates) {
      int d = EditDistance.between(word.toLowerCase(Locale.ROOT), c.toLowerCase(Locale.ROOT));
      if (d < bestDistance) {
        best = c;
        bestDistance = d;
      }
    }
    return bestDistance <= Math.max(1, Math.min(3, word.length() / 3)) ? best : null;
  }

  // ---- Arguments ----

  /** A call's arguments with typed, error-reporting accessors; indexes are 0-based. */
  private static final class Args {
    private final Token name;
    private final List<Token> tokens;

    Args(Token name, List<Token> tokens) {
      this.name = name;
      this.tokens = tokens;
    }

    int size() {
      return tokens.size();
    }

    int column(int i) {
      return tokens.get(i).column();
    }

    /** Fails unless the count is one of {@code allowed}; {@code takes} describes them. */
    void expect(String takes, int... allowed) {
      if (Arrays.stream(allowed).noneMatch(n -> n == tokens.size())) {
        throw countError(takes);
      }
    }

    /** Fails unless there is at least one group and the count is a multiple of its size. */
    void expectGroups(int groupSize, String takes) {
      if (tokens.isEmpty() || tokens.size() % groupSize != 0) {
        throw countError(takes);
      }
    }

    private FilterSyntaxException countError(String takes) {
      return error(name.column(), name.text() + " takes " + takes + ", got " + tokens.size());
    }

    private FilterSyntaxException wrongType(int i, String label, String expected) {
      return error(column(i), "argument " + (i + 1) + " (" + label + ") of " + name.text()
          + " must be " + expected + ", found " + describe(tokens.get(i)));
    }

    byte[] bytes(int i, String label) {
      Token t = tokens.get(i);
      if (t.kind() != Kind.STRING) {
        throw wrongType(i, label, "a quoted string such as 'abc'");
      }
      return t.value();
    }

    boolean bool(int i, String label) {
      Token t = tokens.get(i);
      if (t.kind() == Kind.WORD && t.text().equalsIgnoreCase("true")) {
        return true;
      }
      if (t.kind() == Kind.WORD && t.text().equalsIgnoreCase("false")) {
        return false;
      }
      throw wrongType(i, label, "true or false");
    }

    /** An integer in {@code [0, max]}. */
    long integer(int i, String label, long max) {
      Token t = tokens.get(i);
      String expected = "an integer from 0 to " + max;
      if (t.kind() != Kind.INTEGER) {
        throw wrongType(i, label, expected);
      }
      long v;
      try {
        v = Long.parseLong(t.text());
      } catch (NumberFormatException e) {
        throw wrongType(i, label, expected);
      }
      if (v < 0 || v > max) {
        throw wrongType(i, label, expected);
      }
      return v;
    }

    CompareOperator op(int i) {
      Token t = tokens.get(i);
      if (t.kind() != Kind.OPERATOR) {
        throw wrongType(i, "compareOp", "a comparison operator (<, <=, =, !=, >=, >)");
      }
      return switch (t.text()) {
        case "<" -> CompareOperator.LESS;
        case "<=" -> CompareOperator.LESS_OR_EQUAL;
        case "=" -> CompareOperator.EQUAL;
        case "!=" -> CompareOperator.NOT_EQUAL;
        case ">=" -> CompareOperator.GREATER_OR_EQUAL;
        default -> CompareOperator.GREATER;
      };
    }

    /** The comparator at {@code i}, checked against the operator at {@code opIndex}. */
    ByteArrayComparable comparator(int i, int opIndex) {
      CompareOperator op = op(opIndex);
      Token t = tokens.get(i);
      if (t.kind() != Kind.STRING) {
        throw wrongType(i, "comparator", "a quoted comparator such as 'binary:abc'");
      }
      String types = " (types: " + String.join(", ", COMPARATOR_TYPES) + ")";
      int colon = t.text().indexOf(':');
      if (colon < 0) {
        throw error(t.column(), "comparator '" + show(t.text()) + "' has no type; write "
            + "'type:value' such as 'binary:abc'" + types);
      }
      String type = t.text().substring(0, colon);
      byte[] value = Arrays.copyOfRange(t.value(), colon + 1, t.value().length);
      if (!COMPARATOR_TYPES.contains(type)) {
        String guess = closest(type, COMPARATOR_TYPES);
        throw error(t.column(), "unknown comparator type '" + show(type) + "'"
            + (guess == null ? "" : "; did you mean " + guess + "?") + types);
      }
      if ((type.equals("regexstring") || type.equals("substring"))
          && op != CompareOperator.EQUAL && op != CompareOperator.NOT_EQUAL) {
        throw error(column(opIndex), "a " + type + " comparator only works with = or !=, not "
            + tokens.get(opIndex).text());
      }
      return switch (type) {
        case "binary" -> new BinaryComparator(value);
        case "binaryprefix" -> new BinaryPrefixComparator(value);
        case "substring" -> new SubstringComparator(new String(value, UTF_8));
        default -> regex(t, t.text().substring(colon + 1), new String(value, UTF_8));
      };
    }

    /** {@code source} is the expression as written (one char per byte), for the message. */
    private RegexStringComparator regex(Token t, String source, String expression) {
      try {
        return new RegexStringComparator(expression);
      } catch (IllegalArgumentException e) {
        String why = e.getCause() instanceof PatternSyntaxException p
            ? RegexStringComparator.why(p) : e.getMessage();
        throw error(t.column(), "bad regular expression '" + show(source) + "' in "
            + name.text() + ": " + why);
      }
    }
  }

  // ---- The filters ----

  private static Map<String, FilterForm> forms() {
    Map<String, FilterForm> m = new TreeMap<>();
    m.put("KeyOnlyFilter", new FilterForm("KeyOnlyFilter([lengthAsValue])", a -> {
      a.expect("0 or 1 arguments (lengthAsValue)", 0, 1);
      return new KeyOnlyFilter(a.size() == 1 && a.bool(0, "lengthAsValue"));
    }));
    m.put("FirstKeyOnlyFilter", new FilterForm("FirstKeyOnlyFilter()", a -> {
      a.expect("no arguments", 0);
      return new FirstKeyOnlyFilter();
    }));
    m.put("PrefixFilter", new FilterForm("PrefixFilter('prefix')", a -> {
      a.expect("1 argument (prefix)", 1);
      return new PrefixFilter(a.bytes(0, "prefix"));
    }));
    m.put("ColumnPrefixFilter", new FilterForm("ColumnPrefixFilter('prefix')", a -> {
      a.expect("1 argument (prefix)", 1);
      return new ColumnPrefixFilter(a.bytes(0, "prefix"));
    }));
    // HBase also accepts no prefixes (and then keeps every cell); Strata's filter would keep
    // none, so an empty list is refused rather than silently meaning something else.
    m.put("MultipleColumnPrefixFilter", new FilterForm(
        "MultipleColumnPrefixFilter('prefix'[, 'prefix' ...])", a -> {
          a.expectGroups(1, "1 or more arguments (prefix, ...)");
          List<byte[]> prefixes = new ArrayList<>();
          for (int i = 0; i < a.size(); i++) {
            prefixes.add(a.bytes(i, "prefix"));
          }
          return new MultipleColumnPrefixFilter(prefixes);
        }));
    m.put("ColumnCountGetFilter", new FilterForm("ColumnCountGetFilter(limit)", a -> {
      a.expect("1 argument (limit)", 1);
      return new ColumnCountGetFilter((int) a.integer(0, "limit", Integer.MAX_VALUE));
    }));
    m.put("PageFilter", new FilterForm("PageFilter(pageSize)", a -> {
      a.expect("1 argument (page size)", 1);
      return new PageFilter(a.integer(0, "page size", Long.MAX_VALUE));
    }));
    m.put("ColumnPaginationFilter", new FilterForm("ColumnPaginationFilter(limit, offset)", a -> {
      a.expect("2 arguments (limit, offset)", 2);
      return new ColumnPaginationFilter((int) a.integer(0, "limit", Integer.MAX_VALUE),
          (int) a.integer(1, "offset", Integer.MAX_VALUE));
    }));
    m.put("InclusiveStopFilter", new FilterForm("InclusiveStopFilter('stopRow')", a -> {
      a.expect("1 argument (stop row)", 1);
      return new InclusiveStopFilter(a.bytes(0, "stop row"));
    }));
    m.put("TimestampsFilter", new FilterForm("TimestampsFilter(timestamp[, timestamp ...])",
        a -> {
          List<Long> stamps = new ArrayList<>();
          for (int i = 0; i < a.size(); i++) {
            stamps.add(a.integer(i, "timestamp", Long.MAX_VALUE));
          }
          return new TimestampsFilter(stamps);
        }));
    compareForm(m, "RowFilter", RowFilter::new);
    compareForm(m, "FamilyFilter", FamilyFilter::new);
    compareForm(m, "QualifierFilter", QualifierFilter::new);
    compareForm(m, "ValueFilter", ValueFilter::new);
    m.put("ColumnRangeFilter", new FilterForm(
        "ColumnRangeFilter('minColumn', minInclusive, 'maxColumn', maxInclusive)", a -> {
          a.expect("4 arguments (minColumn, minInclusive, maxColumn, maxInclusive)", 4);
          return new ColumnRangeFilter(a.bytes(0, "minColumn"), a.bool(1, "minInclusive"),
              a.bytes(2, "maxColumn"), a.bool(3, "maxInclusive"));
        }));
    m.put("DependentColumnFilter", new FilterForm("DependentColumnFilter('family', 'qualifier'"
        + "[, dropDependentColumn[, compareOp, 'comparator']])", a -> {
          a.expect("2, 3 or 5 arguments (family, qualifier[, dropDependentColumn[, compareOp, "
              + "comparator]])", 2, 3, 5);
          byte[] family = a.bytes(0, "family");
          byte[] qualifier = a.bytes(1, "qualifier");
          boolean drop = a.size() >= 3 && a.bool(2, "dropDependentColumn");
          return a.size() == 5
              ? new DependentColumnFilter(family, qualifier, drop, a.op(3), a.comparator(4, 3))
              : new DependentColumnFilter(family, qualifier, drop, null, null);
        }));
    m.put("SingleColumnValueFilter", new FilterForm("SingleColumnValueFilter('family', "
        + "'qualifier', compareOp, 'comparator'[, filterIfMissing, latestVersionOnly])", a -> {
          a.expect("4 or 6 arguments (family, qualifier, compareOp, comparator"
              + "[, filterIfMissing, latestVersionOnly])", 4, 6);
          byte[] family = a.bytes(0, "family");
          byte[] qualifier = a.bytes(1, "qualifier");
          CompareOperator op = a.op(2);
          ByteArrayComparable comparator = a.comparator(3, 2);
          return a.size() == 4
              ? new SingleColumnValueFilter(family, qualifier, op, comparator)
              : new SingleColumnValueFilter(family, qualifier, op, comparator,
                  a.bool(4, "filterIfMissing"), a.bool(5, "latestVersionOnly"));
        }));
    m.put("FuzzyRowFilter", new FilterForm("FuzzyRowFilter('key', 'mask'[, 'key', 'mask' ...])",
        FilterParser::fuzzyRow));
    m.put("MultiRowRangeFilter", new FilterForm("MultiRowRangeFilter('start', startInclusive, "
        + "'stop', stopInclusive[, 'start', startInclusive, 'stop', stopInclusive ...])",
        FilterParser::multiRowRange));
    return m;
  }

  private static void compareForm(Map<String, FilterForm> m, String name,
      BiFunction<CompareOperator, ByteArrayComparable, Filter> build) {
    m.put(name, new FilterForm(name + "(compareOp, 'comparator')", a -> {
      a.expect("2 arguments (compareOp, comparator)", 2);
      return build.apply(a.op(0), a.comparator(1, 0));
    }));
  }

  /** Not in HBase's language: key/mask pairs, mask bytes 0 (must match) or 1 (any byte). */
  private static Filter fuzzyRow(Args a) {
    a.expectGroups(2, "key/mask pairs (key, mask[, key, mask ...])");
    List<FuzzyRowFilter.FuzzyKey> keys = new ArrayList<>();
    for (int i = 0; i < a.size(); i += 2) {
      byte[] key = a.bytes(i, "key");
      byte[] mask = a.bytes(i + 1, "mask");
      String which = "mask " + (i / 2 + 1) + " of FuzzyRowFilter";
      if (mask.length != key.length) {
        throw error(a.column(i + 1), which + " has length " + mask.length
            + " but its key has length " + key.length + "; they must be the same length");
      }
      for (int j = 0; j < mask.length; j++) {
        if (mask[j] != 0 && mask[j] != 1) {
          throw error(a.column(i + 1), which + " has byte " + String.format("0x%02x",
              mask[j] & 0xFF) + " at offset " + j + "; mask bytes must be \\x00 (byte must "
              + "match) or \\x01 (any byte)");
        }
      }
      keys.add(new FuzzyRowFilter.FuzzyKey(key, mask));
    }
    return new FuzzyRowFilter(keys);
  }

  /** Not in HBase's language: (start, startInclusive, stop, stopInclusive) per range. */
  private static Filter multiRowRange(Args a) {
    a.expectGroups(4, "ranges of 4 arguments (start, startInclusive, stop, stopInclusive"
        + "[, ...])");
    List<MultiRowRangeFilter.RowRange> ranges = new ArrayList<>();
    for (int i = 0; i < a.size(); i += 4) {
      byte[] start = a.bytes(i, "start");
      boolean startInclusive = a.bool(i + 1, "startInclusive");
      byte[] stop = a.bytes(i + 2, "stop");
      boolean stopInclusive = a.bool(i + 3, "stopInclusive");
      if (start.length > 0 && stop.length > 0 && Bytes.compare(start, stop) > 0) {
        throw error(a.column(i), "range " + (i / 4 + 1) + " of MultiRowRangeFilter starts at '"
            + show(new String(start, ISO_8859_1)) + "', after its stop '"
            + show(new String(stop, ISO_8859_1)) + "'");
      }
      ranges.add(new MultiRowRangeFilter.RowRange(start, startInclusive, stop, stopInclusive));
    }
    return new MultiRowRangeFilter(ranges);
  }
}
