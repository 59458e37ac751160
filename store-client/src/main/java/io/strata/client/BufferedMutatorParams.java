package io.strata.client;

import io.strata.common.schema.TableName;
import java.time.Duration;

/**
 * How a {@link BufferedMutator} (or {@link AsyncBufferedMutator}) buffers: its table, buffer
 * size, periodic flush and, for the blocking one, who hears of failed mutations. Unset values
 * come from the connection's configuration ({@code strata.client.write.buffer},
 * {@code strata.client.write.buffer.periodic.flush}).
 *
 * <pre>{@code
 * BufferedMutatorParams p = new BufferedMutatorParams(TableName.valueOf("events"))
 *     .writeBufferSize(8 << 20)
 *     .setWriteBufferPeriodicFlushTimeout(Duration.ofMillis(200))
 *     .listener((e, m) -> log.warn("{} writes failed", e.getNumExceptions()));
 * }</pre>
 */
public final class BufferedMutatorParams {
  private final TableName table;
  private long writeBufferSize = -1;
  private Duration periodicFlush;
  private BufferedMutator.ExceptionListener listener;

  public BufferedMutatorParams(TableName table) {
    if (table == null) {
      throw new IllegalArgumentException("the table is null; give the table to write to");
    }
    this.table = table;
  }

  public TableName getTableName() {
    return table;
  }

  /** Bytes of mutations collected before they are sent (at least 1). */
  public BufferedMutatorParams writeBufferSize(long bytes) {
    if (bytes < 1) {
      throw new IllegalArgumentException("write buffer size " + bytes + ": give bytes >= 1");
    }
    this.writeBufferSize = bytes;
    return this;
  }

  /** The size set, or -1 for the configured default. */
  public long getWriteBufferSize() {
    return writeBufferSize;
  }

  /** Longest a mutation waits in the buffer; zero turns the timer off. */
  public BufferedMutatorParams setWriteBufferPeriodicFlushTimeout(Duration timeout) {
    if (timeout == null || timeout.isNegative()) {
      throw new IllegalArgumentException("periodic flush timeout " + timeout + ": give a "
          + "duration >= 0 (0 turns the timer off)");
    }
    this.periodicFlush = timeout;
    return this;
  }

  /** The timeout set, or null for the configured default. */
  public Duration getWriteBufferPeriodicFlushTimeout() {
    return periodicFlush;
  }

  /**
   * Who hears of mutations that failed (blocking mutator only). Without one, the failures are
   * thrown by the next {@code mutate}, {@code flush} or {@code close}.
   */
  public BufferedMutatorParams listener(BufferedMutator.ExceptionListener listener) {
    this.listener = listener;
    return this;
  }

  public BufferedMutator.ExceptionListener getListener() {
    return listener;
  }
}
