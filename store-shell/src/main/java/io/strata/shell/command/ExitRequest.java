package io.strata.shell.command;

/** Thrown by {@code exit}: the session ends after the current statement. */
public final class ExitRequest extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public ExitRequest() {
    super("exit", null, false, false);
  }
}
