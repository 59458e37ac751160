package io.strata.common.security;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A cell's visibility expression, as HBase's: labels joined by {@code &} (and), {@code |} (or)
 * and {@code !} (not), grouped with parentheses; {@code !} binds tightest, then {@code &}, then
 * {@code |}. A label is letters, digits and {@code _ - : / .}, or any text in double quotes
 * (a quote or backslash inside escaped with a backslash).
 *
 * <pre>{@code
 * VisibilityExpression e = VisibilityExpression.parse("secret & !probation");
 * e.evaluate(Set.of("secret"));               // true
 * e.evaluate(Set.of("secret", "probation"));  // false
 * e.labels();                                 // [probation, secret]
 * e.toString();                               // "secret&!probation", the stored form
 * }</pre>
 */
public final class VisibilityExpression {
  /** The characters of a label written without quotes; {@code add_labels} takes only these. */
  public static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_\\-:/.]+");

  private sealed interface Node permits Label, Not, And, Or {}

  private record Label(String name) implements Node {}

  private record Not(Node inner) implements Node {}

  private record And(List<Node> parts) implements Node {}

  private record Or(List<Node> parts) implements Node {}

  private final Node root;
  private final String text;

  private VisibilityExpression(Node root) {
    this.root = root;
    this.text = render(root, 0);
  }

  /**
   * Parses {@code expression}; an IllegalArgumentException names what is wrong and where.
   */
  public static VisibilityExpression parse(String expression) {
    Parser p = new Parser(expression);
    Node n = p.or();
    p.skipSpaces();
    if (p.at < expression.length()) {
      throw p.error("'" + expression.charAt(p.at) + "' where an operator (& or |) or the end was"
          + " expected");
    }
    return new VisibilityExpression(n);
  }

  /** Whether a reader holding {@code authorizations} may see a cell with this expression. */
  public boolean evaluate(Set<String> authorizations) {
    return evaluate(root, authorizations);
  }

  private static boolean evaluate(Node n, Set<String> auths) {
    if (n instanceof Label l) {
      return auths.contains(l.name());
    }
    if (n instanceof Not not) {
      return !evaluate(not.inner(), auths);
    }
    if (n instanceof And and) {
      for (Node p : and.parts()) {
        if (!evaluate(p, auths)) {
          return false;
        }
      }
      return true;
    }
    for (Node p : ((Or) n).parts()) {
      if (evaluate(p, auths)) {
        return true;
      }
    }
    return false;
  }

  /** The labels it names, sorted. */
  public Set<String> labels() {
    Set<String> out = new TreeSet<>();
    collect(root, out);
    return out;
  }

  private static void collect(Node n, Set<String> out) {
    if (n instanceof Label l) {
      out.add(l.name());
    } else if (n instanceof Not not) {
      collect(not.inner(), out);
    } else if (n instanceof And and) {
      and.parts().forEach(p -> collect(p, out));
    } else {
      ((Or) n).parts().forEach(p -> collect(p, out));
    }
  }

  /** The expression without spaces and with only the parentheses it needs: its stored form. */
  @Override
  public String toString() {
    return text;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof VisibilityExpression v && v.text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  /** {@code precedence}: 0 under an or (or at the top), 1 under an and, 2 under a not. */
  private static String render(Node n, int precedence) {
    if (n instanceof Label l) {
      return LABEL.matcher(l.name()).matches() ? l.name() : quote(l.name());
    }
    if (n instanceof Not not) {
      return "!" + render(not.inner(), 2);
    }
    if (n instanceof And and) {
      return wrap(join(and.parts(), "&", 1), precedence > 1);
    }
    return wrap(join(((Or) n).parts(), "|", 0), precedence > 0);
  }

  private static String join(List<Node> parts, String op, int precedence) {
    List<String> out = new ArrayList<>();
    parts.forEach(p -> out.add(render(p, precedence + 1)));
    return String.join(op, out);
  }

  private static String wrap(String s, boolean parens) {
    return parens ? "(" + s + ")" : s;
  }

  /** A label in double quotes, its quotes and backslashes escaped: HBase's CellVisibility.quote. */
  public static String quote(String label) {
    return "\"" + label.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  /** Recursive descent over the expression's text. */
  private static final class Parser {
    private final String s;
    private int at;

    Parser(String s) {
      this.s = s;
    }

    IllegalArgumentException error(String what) {
      return new IllegalArgumentException("visibility expression '" + s + "' at position " + at
          + ": " + what + "; write labels joined by & (and), | (or) and ! (not), grouped with"
          + " parentheses, as \"secret & !probation\"");
    }

    void skipSpaces() {
      while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
        at++;
      }
    }

    boolean take(char c) {
      skipSpaces();
      if (at < s.length() && s.charAt(at) == c) {
        at++;
        return true;
      }
      return false;
    }

    Node or() {
      List<Node> parts = new ArrayList<>(List.of(and()));
      while (take('|')) {
        parts.add(and());
      }
      return parts.size() == 1 ? parts.get(0) : new Or(List.copyOf(parts));
    }

    Node and() {
      List<Node> parts = new ArrayList<>(List.of(not()));
      while (take('&')) {
        parts.add(not());
      }
      return parts.size() == 1 ? parts.get(0) : new And(List.copyOf(parts));
    }

    Node not() {
      if (take('!')) {
        return new Not(not());
      }
      if (take('(')) {
        Node inner = or();
        if (!take(')')) {
          throw error(at < s.length() ? "'" + s.charAt(at) + "' where ')' was expected"
              : "a '(' is not closed");
        }
        return inner;
      }
      return label();
    }

    Node label() {
      skipSpaces();
      if (at >= s.length()) {
        throw error("the expression ends where a label was expected");
      }
      if (s.charAt(at) == '"') {
        StringBuilder b = new StringBuilder();
        at++;
        while (at < s.length() && s.charAt(at) != '"') {
          char c = s.charAt(at++);
          if (c == '\\' && at < s.length()) {
            c = s.charAt(at++);
          }
          b.append(c);
        }
        if (at >= s.length()) {
          throw error("a quoted label is not closed");
        }
        at++;
        if (b.isEmpty()) {
          throw error("an empty label");
        }
        return new Label(b.toString());
      }
      int start = at;
      while (at < s.length() && isLabelChar(s.charAt(at))) {
        at++;
      }
      if (start == at) {
        throw error("'" + s.charAt(at) + "' where a label was expected");
      }
      return new Label(s.substring(start, at));
    }

    private static boolean isLabelChar(char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
          || c == '_' || c == '-' || c == ':' || c == '/' || c == '.';
    }
  }
}
