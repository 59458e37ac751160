package io.strata.shell.lang;

/**
 * The input ended inside a string, a bracket, or after a comma or {@code =>}: more lines would
 * complete it. The interactive shell then asks for the next line; a script reports the error.
 */
public final class IncompleteInputException extends ShellSyntaxException {
  private static final long serialVersionUID = 1L;

  public IncompleteInputException(int line, int column, boolean multiLine, String message) {
    super(line, column, multiLine, message);
  }
}
