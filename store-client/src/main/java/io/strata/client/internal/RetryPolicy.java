package io.strata.client.internal;

import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.StrataException;
import io.strata.common.error.ThrottlingException;
import java.time.Duration;

/**
 * When to retry and how long to wait ({@link ClientKeys}): the pause grows 1, 2, 3, 5, 10, 20,
 * 40, 100 times the base (with up to 20% jitter) and no retry starts after the operation's
 * deadline. While the region is moving (its server unreachable or not serving it, as while a
 * dead server's regions are recovered) the pause stops growing at 10 times the base: the region
 * is back within seconds, and a client sleeping 4 or 10 s would add that to its outage.
 */
record RetryPolicy(Duration operationTimeout, Duration rpcTimeout, Duration pause, int retries) {
  private static final int[] BACKOFF = {1, 2, 3, 5, 10, 20, 40, 100};
  private static final int MOVING_BACKOFF_CAP = 10;

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

  private static boolean regionMoving(Throwable e) {
    return e instanceof io.strata.common.error.ServerErrorException
        || e instanceof io.strata.common.error.NotServingRegionException
        || e instanceof io.strata.common.error.RegionMovedException
        || e instanceof io.strata.common.error.RegionInTransitionException;
  }

  /** The pause before retry number {@code attempt} (1 = the first retry). */
  long pauseMillis(int attempt, Throwable last) {
    if (last instanceof ThrottlingException t && t.waitMillis() > 0) {
      return t.waitMillis();
    }
    int factor = BACKOFF[Math.min(attempt - 1, BACKOFF.length - 1)];
    if (regionMoving(last)) {
      factor = Math.min(factor, MOVING_BACKOFF_CAP);
    }
    long base = pause.toMillis() * factor;
    return base + (long) (base * 0.2 * Math.random());
  }
}
