package io.strata.client.internal;

import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.StrataException;
import io.strata.common.error.ThrottlingException;
import java.time.Duration;

/**
 * When to retry and how long to wait ({@link ClientKeys}): the pause grows 1, 2, 3, 5, 10, 20,
 * 40, 100 times the base (with up to 20% jitter) and no retry starts after the operation's
 * deadline.
 */
record RetryPolicy(Duration operationTimeout, Duration rpcTimeout, Duration pause, int retries) {
  private static final int[] BACKOFF = {1, 2, 3, 5, 10, 20, 40, 100};

  static RetryPolicy from(StrataConfiguration conf) {
    return new RetryPolicy(conf.get(ClientKeys.OPERATION_TIMEOUT),
        conf.get(ClientKeys.RPC_TIMEOUT), conf.get(ClientKeys.PAUSE),
        conf.get(ClientKeys.RETRIES));
  }

  /**
   * Whether the same call may succeed later: only what the server (or the client's own network
   * layer) marks retryable. Anything else, including {@link io.strata.client
   * .OutcomeUnknownException}, ends the operation.
   */
  static boolean retryable(Throwable e) {
    return e instanceof StrataException s && s.isRetryable();
  }

  /** Attempts in all: the first and its retries. */
  int maxAttempts() {
    return retries + 1;
  }

  RetryPolicy withOperationTimeout(Duration d) {
    return new RetryPolicy(positive(d, "operation timeout"), rpcTimeout, pause, retries);
  }

  RetryPolicy withRpcTimeout(Duration d) {
    return new RetryPolicy(operationTimeout, positive(d, "RPC timeout"), pause, retries);
  }

  RetryPolicy withPause(Duration d) {
    return new RetryPolicy(operationTimeout, rpcTimeout, positive(d, "retry pause"), retries);
  }

  RetryPolicy withMaxAttempts(int attempts) {
    if (attempts < 1) {
      throw new IllegalArgumentException("max attempts is " + attempts + "; give 1 or more "
          + "(1 means no retries)");
    }
    return new RetryPolicy(operationTimeout, rpcTimeout, pause, attempts - 1);
  }

  private static Duration positive(Duration d, String what) {
    if (d == null || d.isNegative() || d.isZero()) {
      throw new IllegalArgumentException("the " + what + " is " + d + "; give a positive "
          + "duration");
    }
    return d;
  }

  /** The pause before retry number {@code attempt} (1 = the first retry). */
  long pauseMillis(int attempt, Throwable last) {
    if (last instanceof ThrottlingException t && t.waitMillis() > 0) {
      return t.waitMillis();
    }
    long base = pause.toMillis() * BACKOFF[Math.min(attempt - 1, BACKOFF.length - 1)];
    return base + (long) (base * 0.2 * Math.random());
  }
}
