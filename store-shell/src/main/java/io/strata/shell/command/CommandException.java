package io.strata.shell.command;

/** A command was called wrongly; the message says what was wrong and how to call it. */
public final class CommandException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public CommandException(String message) {
    super(message);
  }
}
