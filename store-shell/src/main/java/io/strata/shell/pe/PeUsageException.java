package io.strata.shell.pe;

/** A command line pe cannot run; the message says what to change. Exit status 2. */
final class PeUsageException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  PeUsageException(String message) {
    super(message);
  }
}
