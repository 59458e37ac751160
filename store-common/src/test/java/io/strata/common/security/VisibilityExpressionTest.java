package io.strata.common.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Visibility expressions: parsing, precedence, the stored form, and evaluation. */
class VisibilityExpressionTest {
  @Test
  void notBindsTightestThenAndThenOr() {
    VisibilityExpression e = VisibilityExpression.parse("a | b & !c");
    assertTrue(e.evaluate(Set.of("a")));
    assertTrue(e.evaluate(Set.of("b")));
    assertFalse(e.evaluate(Set.of("b", "c")));
    assertTrue(e.evaluate(Set.of("a", "b", "c")));
    assertEquals("a|b&!c", e.toString());
    assertEquals("(a|b)&!c", VisibilityExpression.parse(" ( a | b ) & ! c ").toString());
    assertEquals("!(a&b)", VisibilityExpression.parse("!(a & b)").toString());
    assertEquals(Set.of("a", "b", "c"), e.labels());
  }

  @Test
  void quotedLabelsHoldAnyText() {
    VisibilityExpression e = VisibilityExpression.parse("\"a b\" & \"x\\\"y\"");
    assertTrue(e.evaluate(Set.of("a b", "x\"y")));
    assertEquals("\"a b\"&\"x\\\"y\"", e.toString());
    assertEquals(e, VisibilityExpression.parse(e.toString()));
  }

  @Test
  void badExpressionsAreRefusedSayingWhere() {
    assertEquals("visibility expression 'a & (b' at position 6: a '(' is not closed; write "
        + "labels joined by & (and), | (or) and ! (not), grouped with parentheses, as "
        + "\"secret & !probation\"", assertThrows(IllegalArgumentException.class,
            () -> VisibilityExpression.parse("a & (b")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> VisibilityExpression.parse(""));
    assertThrows(IllegalArgumentException.class, () -> VisibilityExpression.parse("a b"));
    assertThrows(IllegalArgumentException.class, () -> VisibilityExpression.parse("a && b"));
    assertThrows(IllegalArgumentException.class, () -> VisibilityExpression.parse("\"\""));
    assertThrows(IllegalArgumentException.class, () -> VisibilityExpression.parse("a | $"));
  }

  /** Random expressions: the stored form parses back to one that answers the same. */
  @Test
  void theStoredFormMeansTheSameAsTheOriginal() {
    Random r = new Random(57);
    String[] labels = {"a", "b", "c", "d"};
    for (int i = 0; i < 500; i++) {
      String text = random(r, labels, 3);
      VisibilityExpression e = VisibilityExpression.parse(text);
      VisibilityExpression again = VisibilityExpression.parse(e.toString());
      for (int mask = 0; mask < 16; mask++) {
        Set<String> auths = new HashSet<>();
        for (int b = 0; b < 4; b++) {
          if ((mask & (1 << b)) != 0) {
            auths.add(labels[b]);
          }
        }
        assertEquals(e.evaluate(auths), again.evaluate(auths), text + " vs " + e);
        assertEquals(model(text, auths), e.evaluate(auths), text);
      }
    }
  }

  private static String random(Random r, String[] labels, int depth) {
    if (depth == 0 || r.nextInt(3) == 0) {
      return (r.nextBoolean() ? "!" : "") + labels[r.nextInt(labels.length)];
    }
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < 2 + r.nextInt(2); i++) {
      parts.add(random(r, labels, depth - 1));
    }
    return "(" + String.join(r.nextBoolean() ? " & " : " | ", parts) + ")";
  }

  /** The fully parenthesized text evaluated by a tiny model of its own. */
  private static boolean model(String text, Set<String> auths) {
    int[] at = {0};
    return eval(text.replace(" ", ""), at, auths);
  }

  private static boolean eval(String s, int[] at, Set<String> auths) {
    if (s.charAt(at[0]) == '!') {
      at[0]++;
      return !eval(s, at, auths);
    }
    if (s.charAt(at[0]) == '(') {
      at[0]++;
      boolean v = eval(s, at, auths);
      char op = 0;
      while (s.charAt(at[0]) != ')') {
        op = s.charAt(at[0]++);
        boolean next = eval(s, at, auths);
        v = op == '&' ? v && next : v || next;
      }
      at[0]++;
      return v;
    }
    return auths.contains(String.valueOf(s.charAt(at[0]++)));
  }
}
