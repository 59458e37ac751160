package io.strata.shell.lang;

import io.strata.shell.lang.Token.Type;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits shell input into tokens. Strings follow Ruby: single quotes take everything literally
 * but {@code \\} and {@code \'}; double quotes honour escapes ({@code \xNN}, octal {@code \NNN},
 * {@code \n \t \r \0 \e \a \b \f \v \s}, backslash-u with four hex digits or {hex},
 * {@code \\ \"}), so
 * {@code "row\x00\x01"} is five bytes. {@code #} starts a comment; a backslash at the end of a
 * line continues it.
 */
final class Lexer {
  private final String in;
  private final boolean multiLine;
  private int pos;
  private int line = 1;
  private int lineStart;

  Lexer(String in) {
    this.in = in;
    this.multiLine = in.indexOf('\n') >= 0 && in.indexOf('\n') < in.stripTrailing().length();
  }

  boolean multiLine() {
    return multiLine;
  }

  List<Token> tokens() {
    List<Token> out = new ArrayList<>();
    while (true) {
      boolean space = skipBlanks();
      int col = pos - lineStart + 1;
      if (pos >= in.length()) {
        out.add(new Token(Type.EOF, "", null, line, col, space).at(pos, pos));
        return out;
      }
      char c = in.charAt(pos);
      int ln = line;
      int from = pos;
      Token t;
      if (c == '\n') {
        pos++;
        t = new Token(Type.NEWLINE, "\\n", null, ln, col, space);
        line++;
        lineStart = pos;
      } else if (c == '\'' || c == '"') {
        t = string(c, ln, col, space);
      } else if (Character.isDigit(c) || (c == '-' && pos + 1 < in.length()
          && Character.isDigit(in.charAt(pos + 1)))) {
        t = number(ln, col, space);
      } else if (Character.isLetter(c) || c == '_') {
        int start = pos;
        while (pos < in.length() && (Character.isLetterOrDigit(in.charAt(pos))
            || in.charAt(pos) == '_')) {
          pos++;
        }
        // Ruby method names may end in ? or ! (exists?, is_enabled?): accepted, not meaningful.
        if (pos < in.length() && (in.charAt(pos) == '?' || in.charAt(pos) == '!')) {
          pos++;
        }
        String word = in.substring(start, pos);
        t = new Token(Character.isUpperCase(c) ? Type.CONSTANT : Type.IDENT, word, word, ln, col,
            space);
      } else {
        t = symbol(c, ln, col, space);
      }
      out.add(t.at(from, pos));
    }
  }

  /** Skips spaces, tabs, comments and escaped line ends; true if it skipped anything. */
  private boolean skipBlanks() {
    int start = pos;
    while (pos < in.length()) {
      char c = in.charAt(pos);
      if (c == ' ' || c == '\t' || c == '\r') {
        pos++;
      } else if (c == '#') {
        while (pos < in.length() && in.charAt(pos) != '\n') {
          pos++;
        }
      } else if (c == '\\' && pos + 1 < in.length() && in.charAt(pos + 1) == '\n') {
        pos += 2;
        line++;
        lineStart = pos;
      } else {
        break;
      }
    }
    return pos > start;
  }

  private Token symbol(char c, int ln, int col, boolean space) {
    Type type;
    String text = String.valueOf(c);
    switch (c) {
      case '(' -> type = Type.LPAREN;
      case ')' -> type = Type.RPAREN;
      case '[' -> type = Type.LBRACKET;
      case ']' -> type = Type.RBRACKET;
      case '{' -> type = Type.LBRACE;
      case '}' -> type = Type.RBRACE;
      case ',' -> type = Type.COMMA;
      case '.' -> type = Type.DOT;
      case ';' -> type = Type.SEMICOLON;
      case '=' -> {
        if (pos + 1 < in.length() && in.charAt(pos + 1) == '>') {
          type = Type.ARROW;
          text = "=>";
        } else {
          type = Type.ASSIGN;
        }
      }
      default -> throw new ShellSyntaxException(ln, col, multiLine, "unexpected character '"
          + c + "'; strings go in quotes, e.g. 'row1'");
    }
    pos += text.length();
    return new Token(type, text, null, ln, col, space);
  }

  private Token number(int ln, int col, boolean space) {
    int start = pos;
    if (in.charAt(pos) == '-') {
      pos++;
    }
    boolean isFloat = false;
    while (pos < in.length()) {
      char c = in.charAt(pos);
      if (Character.isDigit(c) || c == '_') {
        pos++;
      } else if (c == '.' && !isFloat && pos + 1 < in.length()
          && Character.isDigit(in.charAt(pos + 1))) {
        isFloat = true;
        pos++;
      } else {
        break;
      }
    }
    if (pos < in.length() && Character.isLetter(in.charAt(pos))) {
      throw new ShellSyntaxException(ln, col, multiLine,
          "a number cannot run into letters ('" + in.substring(start, pos + 1)
              + "'); put strings in quotes");
    }
    String text = in.substring(start, pos);
    String digits = text.replace("_", "");
    try {
      Object value = isFloat ? (Object) Double.parseDouble(digits) : (Object) Long.parseLong(digits);
      return new Token(isFloat ? Type.FLOAT : Type.INTEGER, text, value, ln, col, space);
    } catch (NumberFormatException e) {
      throw new ShellSyntaxException(ln, col, multiLine, "number " + text
          + " is out of range; integers are 64-bit (at most 9223372036854775807)");
    }
  }

  private Token string(char quote, int ln, int col, boolean space) {
    int start = pos;
    pos++;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    while (true) {
      if (pos >= in.length()) {
        throw new IncompleteInputException(ln, col, multiLine,
            "string not closed: add the closing " + quote);
      }
      char c = in.charAt(pos);
      if (c == quote) {
        pos++;
        break;
      }
      if (c == '\n') {
        line++;
        lineStart = pos + 1;
      }
      if (c == '\\' && pos + 1 < in.length()) {
        if (quote == '\'') {
          char n = in.charAt(pos + 1);
          if (n == '\\' || n == '\'') {
            appendText(bytes, String.valueOf(n));
            pos += 2;
            continue;
          }
        } else {
          escape(bytes);
          continue;
        }
      }
      int cp = in.codePointAt(pos);
      appendText(bytes, new String(Character.toChars(cp)));
      pos += Character.charCount(cp);
    }
    return new Token(Type.STRING, in.substring(start, pos), new ShellString(bytes.toByteArray()),
        ln, col, space);
  }

  private static void appendText(ByteArrayOutputStream bytes, String s) {
    bytes.writeBytes(s.getBytes(StandardCharsets.UTF_8));
  }

  /** Reads one escape in a double-quoted string, at the backslash. */
  private void escape(ByteArrayOutputStream bytes) {
    int col = pos - lineStart + 1;
    char n = in.charAt(pos + 1);
    pos += 2;
    switch (n) {
      case 'n' -> bytes.write('\n');
      case 't' -> bytes.write('\t');
      case 'r' -> bytes.write('\r');
      case 'e' -> bytes.write(0x1B);
      case 'a' -> bytes.write(0x07);
      case 'b' -> bytes.write(0x08);
      case 'f' -> bytes.write(0x0C);
      case 'v' -> bytes.write(0x0B);
      case 's' -> bytes.write(' ');
      case 'x' -> {
        int v = hexRun(2);
        if (v < 0) {
          throw new ShellSyntaxException(line, col, multiLine,
              "\\x must be followed by one or two hex digits, e.g. \"\\x0A\"");
        }
        bytes.write(v);
      }
      case 'u' -> {
        int cp;
        if (pos < in.length() && in.charAt(pos) == '{') {
          int close = in.indexOf('}', pos);
          cp = close < 0 ? -1 : parseHex(in.substring(pos + 1, close));
          pos = close < 0 ? pos : close + 1;
        } else {
          int start = pos;
          cp = hexRun(4);
          if (pos - start != 4) {
            cp = -1;
          }
        }
        if (cp < 0 || cp > Character.MAX_CODE_POINT) {
          throw new ShellSyntaxException(line, col, multiLine,
              "\\u must be followed by four hex digits or {hex}, e.g. \"\\u00e9\"");
        }
        bytes.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
      }
      default -> {
        if (n >= '0' && n <= '7') {
          int v = n - '0';
          for (int i = 0; i < 2 && pos < in.length() && in.charAt(pos) >= '0'
              && in.charAt(pos) <= '7'; i++) {
            v = v * 8 + (in.charAt(pos++) - '0');
          }
          bytes.write(v & 0xFF);
        } else if (n == '\n') {
          line++;
          lineStart = pos;
        } else {
          // \\, \", \' and any other escaped character stand for themselves, as in Ruby.
          int cp = in.codePointAt(pos - 1);
          bytes.writeBytes(new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8));
          pos += Character.charCount(cp) - 1;
        }
      }
    }
  }

  /** Up to {@code max} hex digits at pos as a number, or -1 if there is none. */
  private int hexRun(int max) {
    int v = 0;
    int n = 0;
    while (n < max && pos < in.length() && Character.digit(in.charAt(pos), 16) >= 0) {
      v = v * 16 + Character.digit(in.charAt(pos), 16);
      pos++;
      n++;
    }
    return n == 0 ? -1 : v;
  }

  private static int parseHex(String s) {
    try {
      return s.isEmpty() || s.length() > 6 ? -1 : Integer.parseInt(s, 16);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
