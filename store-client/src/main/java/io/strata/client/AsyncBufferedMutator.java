package io.strata.client;

import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.io.Closeable;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The non-blocking write buffer that {@link BufferedMutator} adapts: each mutation's future
 * completes once it was written (or failed, after retries); the buffer goes out when it holds
 * {@code writeBufferSize} bytes, when the periodic flush timer fires, on {@link #flush()} and on
 * {@link #close()}, grouped per region server and sent in parallel.
 */
public interface AsyncBufferedMutator extends Closeable {
  TableName getName();

  StrataConfiguration getConfiguration();

  /** Buffers a Put, Delete, Increment or Append. */
  CompletableFuture<Void> mutate(Mutation mutation);

  List<CompletableFuture<Void>> mutate(List<? extends Mutation> mutations);

  /**
   * Sends what is buffered; the future completes when every mutation sent so far has
   * succeeded or failed (their own futures say which).
   */
  CompletableFuture<Void> flush();

  /** Flushes and stops the timer; later mutations fail. */
  @Override
  void close();

  long getWriteBufferSize();

  long getPeriodicalFlushTimeoutMs();

  /** Bytes sent and not yet answered: what a caller may wait on before adding more. */
  long getInFlightBytes();
}
