package io.strata.shell.lang;

/**
 * A token with where it starts (1-based line and column) and whether blank space came before it
 * ({@code get('t')} calls with a list; {@code get ('t')} passes a parenthesized value).
 */
record Token(Type type, String text, Object value, int line, int column, boolean spaceBefore,
    int start, int end) {
  Token(Type type, String text, Object value, int line, int column, boolean spaceBefore) {
    this(type, text, value, line, column, spaceBefore, 0, 0);
  }

  /** The same token, knowing where in the input it starts and ends. */
  Token at(int from, int to) {
    return new Token(type, text, value, line, column, spaceBefore, from, to);
  }

  enum Type {
    STRING, INTEGER, FLOAT, IDENT, CONSTANT,
    LPAREN, RPAREN, LBRACKET, RBRACKET, LBRACE, RBRACE,
    COMMA, ARROW, ASSIGN, DOT, SEMICOLON, NEWLINE, EOF
  }

  /** How the token reads in an error message. */
  String describe() {
    return switch (type) {
      case EOF -> "end of input";
      case NEWLINE -> "end of line";
      case STRING -> "string " + text;
      default -> "'" + text + "'";
    };
  }
}
