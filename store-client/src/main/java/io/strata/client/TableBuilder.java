package io.strata.client;

import java.time.Duration;

/**
 * Sets a blocking table handle's own timeouts and attempts, overriding the connection's
 * ({@code strata.client.operation.timeout}, {@code strata.client.rpc.timeout},
 * {@code strata.client.pause}, {@code strata.client.retries.number}).
 *
 * <pre>{@code
 * Table t = conn.getTableBuilder(name).setOperationTimeout(Duration.ofSeconds(2))
 *     .setMaxAttempts(3).build();
 * }</pre>
 */
public interface TableBuilder {
  /** The most one operation may take, all its attempts and pauses included. */
  TableBuilder setOperationTimeout(Duration timeout);

  /** The most one RPC may take before the attempt fails (and may be retried). */
  TableBuilder setRpcTimeout(Duration timeout);

  /** The base pause between attempts (it grows, with jitter, as attempts fail). */
  TableBuilder setRetryPause(Duration pause);

  /** Attempts in all, the first included: 1 means no retries. */
  TableBuilder setMaxAttempts(int attempts);

  Table build();
}
