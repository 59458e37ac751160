package io.strata.client;

import java.io.IOException;

/**
 * An operation kept failing with errors that retrying could have fixed (a region moving, a
 * server restarting) until its time ({@code strata.client.operation.timeout}) or retries
 * ({@code strata.client.retries.number}) ran out. The cause is the last error.
 */
public final class RetriesExhaustedException extends IOException {
  private final int attempts;

  public RetriesExhaustedException(String operation, int attempts, long elapsedMillis,
      Throwable last) {
    super(operation + " failed after " + attempts + " attempt(s) in " + elapsedMillis
        + " ms (strata.client.operation.timeout / strata.client.retries.number); last error: "
        + (last == null ? "none" : last.getMessage()), last);
    this.attempts = attempts;
  }

  public int attempts() {
    return attempts;
  }
}
