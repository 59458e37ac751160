package io.strata.client;

import java.io.IOException;
import java.util.List;

/**
 * An operation kept failing with errors that retrying could have fixed (a region moving, a
 * server restarting) until its time ({@code strata.client.operation.timeout}) or attempts
 * ({@code strata.client.retries.number}) ran out. The message lists every attempt, when it
 * started and how it failed; the cause is the last error.
 */
public final class RetriesExhaustedException extends IOException {
  /** One failed attempt: its number (from 1), when it started after the first, its error. */
  public record Attempt(int number, long startedAfterMillis, Throwable error) {
    @Override
    public String toString() {
      return "attempt " + number + " at +" + startedAfterMillis + " ms: "
          + (error == null ? "no error" : error.getClass().getSimpleName() + ": "
              + error.getMessage());
    }
  }

  private final List<Attempt> attempts;

  public RetriesExhaustedException(String operation, long elapsedMillis,
      List<Attempt> attempts) {
    super(message(operation, elapsedMillis, attempts),
        attempts.isEmpty() ? null : attempts.get(attempts.size() - 1).error());
    this.attempts = List.copyOf(attempts);
  }

  private static String message(String operation, long elapsedMillis, List<Attempt> attempts) {
    StringBuilder b = new StringBuilder(operation).append(" failed after ")
        .append(attempts.size()).append(" attempt(s) in ").append(elapsedMillis)
        .append(" ms (strata.client.operation.timeout / strata.client.retries.number):");
    // The first and the last few say what happened; the middle repeats itself.
    int n = attempts.size();
    for (int i = 0; i < n; i++) {
      if (n > 8 && i == 3) {
        b.append("\n  ... ").append(n - 8).append(" more ...");
        i = n - 5;
      }
      b.append("\n  ").append(attempts.get(i));
    }
    return b.toString();
  }

  /** How many attempts were made. */
  public int attempts() {
    return attempts.size();
  }

  /** Every attempt, in order. */
  public List<Attempt> attemptList() {
    return attempts;
  }
}
