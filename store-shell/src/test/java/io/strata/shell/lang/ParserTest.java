package io.strata.shell.lang;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ParserTest {
  private static ShellString s(String text) {
    return ShellString.of(text);
  }

  private static Statement one(String input) {
    List<Statement> all = Parser.parse(input);
    assertEquals(1, all.size(), "statements in " + input);
    return all.get(0);
  }

  @Test
  void commandWithStringArguments() {
    Statement st = one("create 't1', 'f1', \"f2\"");
    assertEquals(new Statement(null, "create", null, List.of(s("t1"), s("f1"), s("f2")),
        "create 't1', 'f1', \"f2\"", 1), st);
  }

  @Test
  void commandWithoutArguments() {
    assertEquals(new Statement(null, "list", null, List.of(), "list", 1), one("  list  "));
  }

  @Test
  void hashesArraysAndLiterals() {
    Statement st = one("create 't', {NAME => 'f', VERSIONS => 5, IN_MEMORY => true, "
        + "TTL => nil, 'k' => [1, -2, 3.5, false, [], {}]}");
    Map<Object, Object> hash = new LinkedHashMap<>();
    hash.put("NAME", s("f"));
    hash.put("VERSIONS", 5L);
    hash.put("IN_MEMORY", true);
    hash.put("TTL", null);
    hash.put("k", Arrays.asList(1L, -2L, 3.5, false, List.of(), Map.of()));
    assertEquals(List.of(s("t"), hash), st.args());
  }

  @Test
  void trailingPairsGatherIntoOneHash() {
    Statement st = one("scan 't', COLUMNS => ['a', 'b:c'], LIMIT => 10");
    assertEquals(List.of(s("t"), Map.of("COLUMNS", List.of(s("a"), s("b:c")), "LIMIT", 10L)),
        st.args());
  }

  @Test
  void parenthesizedCallsAndGrouping() {
    assertEquals(List.of(s("t"), s("r")), one("get('t', 'r')").args());
    assertEquals(List.of(), one("list()").args());
    assertEquals(List.of(s("t")), one("count ('t')").args());
  }

  @Test
  void assignmentsAndMethods() {
    Statement a = one("t = get_table 't1'");
    assertEquals("t", a.assignTo());
    assertEquals("get_table", a.name());
    Statement m = one("t.put 'r', 'f:q', 'v'");
    assertEquals("t", m.name());
    assertEquals("put", m.method());
    assertEquals(List.of(s("r"), s("f:q"), s("v")), m.args());
    Statement v = one("x = 42");
    assertEquals("x", v.assignTo());
    assertNull(v.name());
    assertEquals(List.of(42L), v.args());
    Statement ref = one("count t");
    assertEquals(List.of(new VarRef("t")), ref.args());
  }

  @Test
  void severalStatementsAndComments() {
    List<Statement> all = Parser.parse("list; list 'a.*' # tables\n\n  exists 't' ;;\n# only\n");
    assertEquals(3, all.size());
    assertEquals(List.of(s("a.*")), all.get(1).args());
    assertEquals("exists 't'", all.get(2).text());
    assertEquals(3, all.get(2).line());
  }

  @Test
  void unfinishedLinesContinue() {
    Statement st = one("create 't',\n  {NAME =>\n 'f',\n VERSIONS => 2\n}");
    assertEquals(List.of(s("t"), Map.of("NAME", s("f"), "VERSIONS", 2L)), st.args());
    assertEquals(List.of(s("t"), s("f")), one("create 't', \\\n 'f'").args());
  }

  @Test
  void numbers() {
    assertEquals(List.of(1_000_000L, -5L, 0.25, Long.MAX_VALUE),
        one("x 1_000_000, -5, 0.25, 9223372036854775807").args());
  }

  @Test
  void singleQuotesAreLiteral() {
    assertEquals(List.of(s("it's"), s("a\\b"), s("\\x00"), s("a\\nb")),
        one("x 'it\\'s', 'a\\\\b', '\\x00', 'a\\nb'").args());
  }

  @Test
  void doubleQuotesHonourEscapes() {
    ShellString v = (ShellString) one("x \"r\\x00\\x01\\xff\\t\\n\\\\\\\"\\101\\0\\e\\u00e9\\u{1F600}\\q\"")
        .args().get(0);
    byte[] expected = concat(new byte[] {'r', 0, 1, (byte) 0xFF, '\t', '\n', '\\', '"', 'A', 0,
        0x1B}, "\u00e9".getBytes(StandardCharsets.UTF_8),
        new String(Character.toChars(0x1F600)).getBytes(StandardCharsets.UTF_8),
        new byte[] {'q'});
    assertArrayEquals(expected, v.bytes());
    assertArrayEquals(new byte[] {(byte) 0xC3, (byte) 0xA9}, ((ShellString) one("x 'é'")
        .args().get(0)).bytes());
  }

  private static byte[] concat(byte[]... parts) {
    int n = 0;
    for (byte[] p : parts) {
      n += p.length;
    }
    byte[] out = new byte[n];
    int at = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, at, p.length);
      at += p.length;
    }
    return out;
  }

  private static void error(String input, String message) {
    ShellSyntaxException e = assertThrows(ShellSyntaxException.class, () -> Parser.parse(input));
    assertEquals(message, e.getMessage());
    assertEquals(ShellSyntaxException.class, e.getClass(), "not incomplete: " + input);
  }

  private static void incomplete(String input, String message) {
    IncompleteInputException e = assertThrows(IncompleteInputException.class,
        () -> Parser.parse(input));
    assertEquals(message, e.getMessage());
  }

  @Test
  void malformedInputSaysWhereAndWhat() {
    error("create 't1' 'f1'", "column 13: expected ';' or the end of the line after the "
        + "command, found string 'f1'");
    error("'t1'", "column 1: expected a command (such as list, or scan 't1'), found string 't1'");
    error("get 't', 5x", "column 10: a number cannot run into letters ('5x'); put strings in "
        + "quotes");
    error("list @", "column 6: unexpected character '@'; strings go in quotes, e.g. 'row1'");
    error("scan 't', {LIMIT 10}", "column 18: expected '=>' after the hash key, found '10'");
    error("scan 't', LIMIT => 1, 'x'", "column 23: argument 3 comes after KEY => value pairs;"
        + " put the pairs last, or wrap them in { }");
    error("x {A => 1, A => 2}", "column 12: key A is given twice");
    error("x {[1] => 2}", "column 4: a hash key must be a string, a CONSTANT or a number, not"
        + " '['");
    error("put \"\\xZZ\"", "column 6: \\x must be followed by one or two hex digits, e.g. "
        + "\"\\x0A\"");
    error("t. 'x'", "column 4: expected a method name after 't.', such as t.put, found "
        + "string 'x'");
    error("x 99999999999999999999", "column 3: number 99999999999999999999 is out of range; "
        + "integers are 64-bit (at most 9223372036854775807)");
    error("list\nget 't' 'r'", "line 2, column 9: expected ';' or the end of the line after "
        + "the command, found string 'r'");
    error("get 't', )", "column 10: expected a value (a 'string', a number, nil, true, false, a"
        + " CONSTANT, [array] or {hash}), found ')'");
  }

  @Test
  void unfinishedInputIsIncomplete() {
    incomplete("create 't1',", "column 13: expected a value (a 'string', a number, nil, true, "
        + "false, a CONSTANT, [array] or {hash}), found end of input");
    incomplete("scan 't', {LIMIT => 10", "column 23: expected ',' or '}' in the hash, found end"
        + " of input");
    incomplete("put 't', \"abc", "column 10: string not closed: add the closing \"");
    incomplete("get 't', [1, 2", "column 15: expected ',' or ']' in the array, found end of "
        + "input");
    incomplete("get('t'", "column 8: expected ')' to close the argument list, found end of "
        + "input");
    incomplete("t =", "column 4: expected a value (a 'string', a number, nil, true, false, a "
        + "CONSTANT, [array] or {hash}), found end of input");
    ShellSyntaxException e = assertThrows(IncompleteInputException.class,
        () -> Parser.parse("create 't',\n  {NAME => 'f'"));
    assertEquals(2, e.line());
    assertInstanceOf(IncompleteInputException.class, e);
  }
}
