package io.strata.shell.lang;

/**
 * Input the parser cannot read. The message names the line (when the input has several) and the
 * column where reading stopped, and what was expected there.
 */
public class ShellSyntaxException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final int column;

  public ShellSyntaxException(int line, int column, boolean multiLine, String message) {
    super((multiLine ? "line " + line + ", column " : "column ") + column + ": " + message);
    this.line = line;
    this.column = column;
  }

  public int line() {
    return line;
  }

  public int column() {
    return column;
  }
}
