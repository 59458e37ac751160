package io.strata.client;

import java.time.Duration;

/**
 * Sets a table handle's own timeouts and attempts, overriding the connection's
 * ({@code strata.client.operation.timeout}, {@code strata.client.rpc.timeout},
 * {@code strata.client.pause}, {@code strata.client.retries.number}).
 */
public interface AsyncTableBuilder {
  /** The most one operation may take, all its attempts and pauses included. */
  AsyncTableBuilder setOperationTimeout(Duration timeout);

  /** The most one RPC may take before the attempt fails (and may be retried). */
  AsyncTableBuilder setRpcTimeout(Duration timeout);

  /** The base pause between attempts (it grows, with jitter, as attempts fail). */
  AsyncTableBuilder setRetryPause(Duration pause);

  /** Attempts in all, the first included: 1 means no retries. */
  AsyncTableBuilder setMaxAttempts(int attempts);

  AsyncTable build();
}
