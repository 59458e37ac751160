package io.strata.client;

import java.io.IOException;

/**
 * An operation that is not safe to repeat (increment, append, check-and-mutate) was sent, and
 * then the answer was lost (a timeout, a dropped connection): it may or may not have been
 * applied. It is not retried, so a counter is never incremented twice; read the row to find out
 * before trying again. The cause is the error that cut the answer off.
 */
public final class OutcomeUnknownException extends IOException {
  public OutcomeUnknownException(String operation, Throwable cause) {
    super(operation + " may or may not have been applied: " + cause.getMessage()
        + "; read the row to find out before trying again", cause);
  }
}
