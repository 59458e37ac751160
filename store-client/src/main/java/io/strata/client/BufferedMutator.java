package io.strata.client;

import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * Writes many mutations to one table fast: they collect in a buffer and go out, grouped per
 * region server into one multi call each, all in parallel, when the buffer holds
 * {@code writeBufferSize} bytes, when the periodic flush timer fires, on {@link #flush()} and on
 * {@link #close()}. Only failed mutations are retried. A mutation is durable once a flush that
 * covers it returned; failures reach the {@link ExceptionListener}, or, without one, are thrown
 * by the next call. A mutation counts against the buffer its row and, per cell, its key and
 * value bytes and 24 more. Thread-safe; callers writing faster than the cluster takes wait in
 * {@code mutate} rather than filling the heap.
 *
 * <pre>{@code
 * try (BufferedMutator m = conn.getBufferedMutator(TableName.valueOf("events"))) {
 *   for (Event e : events) {
 *     m.mutate(new Put(e.key()).addColumn(CF, Q, e.payload()));
 *   }
 * } // close flushes
 * }</pre>
 */
public interface BufferedMutator extends Closeable {
  /** Hears of mutations that failed. */
  @FunctionalInterface
  interface ExceptionListener {
    /** Called from the next mutate, flush or close after the failures; may rethrow. */
    void onException(MutationsFailedException e, BufferedMutator mutator) throws IOException;
  }

  TableName getName();

  StrataConfiguration getConfiguration();

  /** Buffers a Put, Delete, Increment or Append; may send the buffer. */
  void mutate(Mutation mutation) throws IOException;

  void mutate(List<? extends Mutation> mutations) throws IOException;

  /** Sends what is buffered and waits until every mutation sent so far has succeeded or failed. */
  void flush() throws IOException;

  /** Flushes, then stops the timer; later mutations are refused. */
  @Override
  void close() throws IOException;

  long getWriteBufferSize();

  /** Longest a mutation waits in the buffer, in ms (0: no timer). */
  long getWriteBufferPeriodicFlushTimeoutMs();

  /** Changes the periodic flush (0 turns it off). */
  void setWriteBufferPeriodicFlush(long timeoutMs);
}
