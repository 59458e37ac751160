package io.strata.shell.term;

import io.strata.shell.lang.IncompleteInputException;
import io.strata.shell.lang.Parser;
import io.strata.shell.lang.ShellSyntaxException;
import java.util.ArrayList;
import java.util.List;
import org.jline.reader.CompletingParsedLine;
import org.jline.reader.EOFError;
import org.jline.reader.ParsedLine;

/**
 * Tells JLine when a line is unfinished (an open bracket or quote, a trailing comma or
 * {@code =>}) so Enter continues it on the next line, and finds the word being completed:
 * inside quotes, the quoted text so far; otherwise the identifier before the cursor.
 */
final class ShellLineParser implements org.jline.reader.Parser {
  @Override
  public ParsedLine parse(String line, int cursor, ParseContext context) {
    if (context == ParseContext.ACCEPT_LINE) {
      try {
        Parser.parse(line);
      } catch (IncompleteInputException e) {
        throw new EOFError(e.line(), e.column(), e.getMessage());
      } catch (ShellSyntaxException e) {
        // A complete line with a mistake: accepted, and the shell reports it when it runs.
      }
    }
    return Word.at(line, cursor);
  }

  /** The word under the cursor and what kind of place it is in. */
  record Word(String line, int cursor, String word, int wordCursor, List<String> words,
      boolean quoted, boolean statementStart, boolean afterDot) implements CompletingParsedLine {
    static Word at(String line, int cursor) {
      int pos = Math.min(cursor, line.length());
      char quote = 0;
      int quoteStart = -1;
      for (int i = 0; i < pos; i++) {
        char c = line.charAt(i);
        if (quote != 0) {
          if (c == '\\' && i + 1 < pos) {
            i++;
          } else if (c == quote) {
            quote = 0;
          }
        } else if (c == '\'' || c == '"') {
          quote = c;
          quoteStart = i;
        } else if (c == '#') {
          break;
        }
      }
      List<String> words = new ArrayList<>();
      if (quote != 0) {
        String w = line.substring(quoteStart + 1, pos);
        words.add(line.substring(0, quoteStart + 1));
        words.add(w);
        return new Word(line, cursor, w, w.length(), words, true, false, false);
      }
      int start = pos;
      while (start > 0 && (Character.isLetterOrDigit(line.charAt(start - 1))
          || line.charAt(start - 1) == '_')) {
        start--;
      }
      String w = line.substring(start, pos);
      int before = start - 1;
      while (before >= 0 && Character.isWhitespace(line.charAt(before))) {
        before--;
      }
      boolean afterDot = before >= 0 && line.charAt(before) == '.' && before == start - 1;
      boolean statementStart = before < 0 || line.charAt(before) == ';'
          || line.charAt(before) == '\n'
          || (line.charAt(before) == '=' && (before + 1 >= line.length()
              || line.charAt(before + 1) != '>') && (before == 0
              || line.charAt(before - 1) != '='));
      words.add(line.substring(0, start));
      words.add(w);
      return new Word(line, cursor, w, w.length(), words, false, statementStart, afterDot);
    }

    @Override
    public int wordIndex() {
      return words.size() - 1;
    }

    /** Candidates go in as they are: a table candidate inside quotes carries its own quote. */
    @Override
    public CharSequence escape(CharSequence candidate, boolean complete) {
      return candidate;
    }

    @Override
    public int rawWordCursor() {
      return wordCursor;
    }

    @Override
    public int rawWordLength() {
      return word.length();
    }
  }
}
