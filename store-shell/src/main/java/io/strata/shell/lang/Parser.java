package io.strata.shell.lang;

import io.strata.shell.lang.Token.Type;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses shell input into statements, as the HBase shell reads them:
 *
 * <pre>
 * input     := (statement? (';' | newline))*
 * statement := [name '='] name ['.' name] [arguments]  |  name '=' value
 * arguments := '(' list ')'  |  list            (no blank before '(' for the first form)
 * list      := argument (',' argument)*         (KEY => value arguments gather into one hash)
 * value     := 'string' | "string" | integer | float | nil | true | false | CONSTANT | variable
 *            | '[' values ']' | '{' key '=>' value, ... '}' | '(' value ')'
 * </pre>
 *
 * A line may continue after a comma, {@code =>}, {@code =} or an open bracket; input that ends
 * there raises {@link IncompleteInputException}.
 */
public final class Parser {
  private final String input;
  private final List<Token> tokens;
  private final boolean multiLine;
  private int i;
  /** Brackets open around the value being read; deep nesting is refused, not a crash. */
  private int depth;
  private static final int MAX_DEPTH = 100;

  private Parser(String input) {
    Lexer lexer = new Lexer(input);
    this.input = input;
    this.tokens = lexer.tokens();
    this.multiLine = lexer.multiLine();
  }

  /** Every statement of {@code input}, in order. */
  public static List<Statement> parse(String input) {
    return new Parser(input).statements();
  }

  private List<Statement> statements() {
    List<Statement> out = new ArrayList<>();
    while (true) {
      while (at(Type.NEWLINE) || at(Type.SEMICOLON)) {
        i++;
      }
      if (at(Type.EOF)) {
        return out;
      }
      out.add(statement());
      if (!at(Type.NEWLINE) && !at(Type.SEMICOLON) && !at(Type.EOF)) {
        throw error(peek(), "expected ';' or the end of the line after the command, found "
            + peek().describe());
      }
    }
  }

  private Statement statement() {
    Token first = peek();
    if (first.type() != Type.IDENT) {
      throw error(first, "expected a command (such as list, or scan 't1'), found "
          + first.describe());
    }
    i++;
    String assignTo = null;
    Token name = first;
    if (at(Type.ASSIGN)) {
      i++;
      skipNewlines();
      assignTo = first.text();
      if (!at(Type.IDENT) || isLiteralWord(peek())) {
        Object value = value();
        return new Statement(assignTo, null, null, singleton(value),
            text(first), first.line());
      }
      name = next();
    }
    String method = null;
    if (at(Type.DOT)) {
      i++;
      Token m = peek();
      if (m.type() != Type.IDENT) {
        throw error(m, "expected a method name after '" + name.text() + ".', such as "
            + name.text() + ".put, found " + m.describe());
      }
      i++;
      method = m.text();
    }
    List<Object> args = arguments();
    return new Statement(assignTo, name.text(), method, args, text(first), first.line());
  }

  private static List<Object> singleton(Object value) {
    List<Object> l = new ArrayList<>(1);
    l.add(value);
    return Collections.unmodifiableList(l);
  }

  private static boolean isLiteralWord(Token t) {
    return t.text().equals("nil") || t.text().equals("true") || t.text().equals("false");
  }

  private String text(Token first) {
    return input.substring(first.start(), tokens.get(i - 1).end()).strip();
  }

  private List<Object> arguments() {
    if (at(Type.LPAREN) && !peek().spaceBefore()) {
      i++;
      skipNewlines();
      List<Object> args = at(Type.RPAREN) ? new ArrayList<>() : argumentList(true);
      skipNewlines();
      expect(Type.RPAREN, "')' to close the argument list");
      return Collections.unmodifiableList(args);
    }
    if (at(Type.NEWLINE) || at(Type.SEMICOLON) || at(Type.EOF)) {
      return List.of();
    }
    return Collections.unmodifiableList(argumentList(false));
  }

  private List<Object> argumentList(boolean inParens) {
    List<Object> args = new ArrayList<>();
    Map<Object, Object> pairs = null;
    int index = 1;
    while (true) {
      if (inParens) {
        skipNewlines();
      }
      Token start = peek();
      Object v = value();
      if (at(Type.ARROW)) {
        i++;
        skipNewlines();
        if (pairs == null) {
          pairs = new LinkedHashMap<>();
          args.add(pairs);
        }
        putPair(pairs, start, v, value());
      } else if (pairs != null) {
        throw error(start, "argument " + index + " comes after KEY => value pairs; put the"
            + " pairs last, or wrap them in { }");
      } else {
        args.add(v);
      }
      index++;
      if (!at(Type.COMMA)) {
        return args;
      }
      i++;
      skipNewlines();
    }
  }

  private Object value() {
    Token t = peek();
    if (depth >= MAX_DEPTH) {
      throw error(t, "brackets are nested more than " + MAX_DEPTH + " deep");
    }
    depth++;
    try {
      return readValue(t);
    } finally {
      depth--;
    }
  }

  private Object readValue(Token t) {
    switch (t.type()) {
      case STRING, INTEGER, FLOAT -> {
        i++;
        return t.value();
      }
      case CONSTANT -> {
        i++;
        return ShellString.of(t.text());
      }
      case IDENT -> {
        i++;
        return switch (t.text()) {
          case "nil" -> null;
          case "true" -> Boolean.TRUE;
          case "false" -> Boolean.FALSE;
          default -> new VarRef(t.text());
        };
      }
      case LBRACKET -> {
        i++;
        return array();
      }
      case LBRACE -> {
        i++;
        return hash();
      }
      case LPAREN -> {
        i++;
        skipNewlines();
        Object v = value();
        skipNewlines();
        expect(Type.RPAREN, "')'");
        return v;
      }
      default -> throw missing(t, "a value (a 'string', a number, nil, true, false, a CONSTANT,"
          + " [array] or {hash})");
    }
  }

  private List<Object> array() {
    List<Object> out = new ArrayList<>();
    skipNewlines();
    while (!at(Type.RBRACKET)) {
      out.add(value());
      skipNewlines();
      if (at(Type.COMMA)) {
        i++;
        skipNewlines();
      } else if (!at(Type.RBRACKET)) {
        throw missing(peek(), "',' or ']' in the array");
      }
    }
    i++;
    return Collections.unmodifiableList(out);
  }

  private Map<Object, Object> hash() {
    Map<Object, Object> out = new LinkedHashMap<>();
    skipNewlines();
    while (!at(Type.RBRACE)) {
      Token keyToken = peek();
      Object key = value();
      skipNewlines();
      expect(Type.ARROW, "'=>' after the hash key");
      skipNewlines();
      putPair(out, keyToken, key, value());
      skipNewlines();
      if (at(Type.COMMA)) {
        i++;
        skipNewlines();
      } else if (!at(Type.RBRACE)) {
        throw missing(peek(), "',' or '}' in the hash");
      }
    }
    i++;
    return Collections.unmodifiableMap(out);
  }

  private void putPair(Map<Object, Object> pairs, Token keyToken, Object key, Object value) {
    Object k;
    if (key instanceof ShellString s) {
      k = s.text();
    } else if (key instanceof Long || key instanceof Boolean) {
      k = key;
    } else {
      throw error(keyToken, "a hash key must be a string, a CONSTANT or a number, not "
          + keyToken.describe());
    }
    if (pairs.containsKey(k)) {
      throw error(keyToken, "key " + k + " is given twice");
    }
    pairs.put(k, value);
  }

  private void skipNewlines() {
    while (at(Type.NEWLINE)) {
      i++;
    }
  }

  private Token peek() {
    return tokens.get(i);
  }

  private Token next() {
    return tokens.get(i++);
  }

  private boolean at(Type type) {
    return tokens.get(i).type() == type;
  }

  private void expect(Type type, String what) {
    if (!at(type)) {
      throw missing(peek(), what);
    }
    i++;
  }

  /** Expected {@code what} at {@code t}: incomplete input when the input ended there. */
  private ShellSyntaxException missing(Token t, String what) {
    String message = "expected " + what + ", found " + t.describe();
    if (t.type() == Type.EOF) {
      return new IncompleteInputException(t.line(), t.column(), multiLine, message);
    }
    return error(t, message);
  }

  private ShellSyntaxException error(Token t, String message) {
    return new ShellSyntaxException(t.line(), t.column(), multiLine, message);
  }
}
