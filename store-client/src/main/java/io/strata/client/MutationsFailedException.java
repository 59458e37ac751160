package io.strata.client;

import java.io.IOException;
import java.util.List;

/**
 * Mutations a {@link BufferedMutator} sent that failed, each with its own error (the server's
 * typed exception, a {@link RetriesExhaustedException}, or an
 * {@link OutcomeUnknownException}). The others were applied.
 */
public final class MutationsFailedException extends IOException {
  /** One failed mutation and why. */
  public record Failure(Mutation mutation, Throwable error) {}

  private final List<Failure> failures;

  public MutationsFailedException(List<Failure> failures) {
    super(failures.size() + " mutation(s) failed; first, row '"
        + io.strata.common.util.Bytes.toStringBinary(failures.get(0).mutation().getRow())
        + "': " + failures.get(0).error().getMessage(), failures.get(0).error());
    this.failures = List.copyOf(failures);
  }

  public List<Failure> getFailures() {
    return failures;
  }

  public int getNumExceptions() {
    return failures.size();
  }

  /** The error of failure {@code i}. */
  public Throwable getCause(int i) {
    return failures.get(i).error();
  }

  /** The mutation of failure {@code i}. */
  public Mutation getRow(int i) {
    return failures.get(i).mutation();
  }
}
