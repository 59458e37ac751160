package io.strata.shell.term;

import io.strata.shell.Shell;
import io.strata.shell.command.ShellContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;

/**
 * The interactive loop: prompt ({@code strata:001:0> }), read a statement with JLine (it may
 * span lines), run it, repeat until exit or end of input. Ctrl-C abandons the line being typed.
 */
public final class Repl {
  private final Terminal terminal;
  private final LineReader reader;
  private int lineNumber = 1;

  /** {@code historyFile} null keeps no history file. */
  public Repl(Terminal terminal, ShellContext ctx, Path historyFile, int historySize) {
    this.terminal = terminal;
    LineReaderBuilder b = LineReaderBuilder.builder()
        .terminal(terminal)
        .appName("strata")
        .parser(new ShellLineParser())
        .completer(new ShellCompleter(ctx))
        .variable(LineReader.SECONDARY_PROMPT_PATTERN, "strata:%N:1> ")
        .variable(LineReader.HISTORY_SIZE, historySize)
        .variable(LineReader.HISTORY_FILE_SIZE, historySize)
        // No cursor jump to the matching bracket: it held up Enter typed right after a '}'.
        .variable(LineReader.BLINK_MATCHING_PAREN, 0)
        // '!' and '^' are data in rows and filters, not history expansions.
        .option(LineReader.Option.DISABLE_EVENT_EXPANSION, true)
        .option(LineReader.Option.INSERT_TAB, false);
    if (historyFile != null) {
      b.variable(LineReader.HISTORY_FILE, historyFile);
    }
    this.reader = b.build();
  }

  /** The line reader, so a command asking for confirmation reads from the same terminal. */
  public LineReader reader() {
    return reader;
  }

  /** Runs until exit or end of input; returns whether the last statement succeeded. */
  public boolean run(Shell shell) {
    boolean lastOk = true;
    while (!shell.exitRequested()) {
      String line;
      try {
        line = reader.readLine(String.format(Locale.ROOT, "strata:%03d:0> ", lineNumber));
      } catch (UserInterruptException e) {
        continue;
      } catch (EndOfFileException e) {
        break;
      }
      lineNumber++;
      if (line.isBlank()) {
        continue;
      }
      lastOk = shell.run(line, false);
      terminal.flush();
    }
    try {
      reader.getHistory().save();
    } catch (IOException e) {
      terminal.writer().println("(could not save the history: " + e.getMessage() + ")");
    }
    return lastOk;
  }

  /** Asks on the terminal; y or yes (any case) confirms. */
  public boolean confirm(String question) {
    try {
      String answer = reader.readLine(question + " ");
      String a = answer.trim().toLowerCase(Locale.ROOT);
      return a.equals("y") || a.equals("yes");
    } catch (UserInterruptException | EndOfFileException e) {
      return false;
    }
  }
}
