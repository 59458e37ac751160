package io.strata.client;

import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.io.Closeable;

/**
 * A connection whose every operation returns a {@link java.util.concurrent.CompletableFuture}:
 * the client's core. The blocking {@link Connection} is a thin adapter over one of these (see
 * {@link Connection#toAsyncConnection()}), so both share threads, sockets and the location
 * cache. Futures complete on the connection's callback threads, never on its network threads,
 * so a callback may block without stalling other calls.
 *
 * <pre>{@code
 * AsyncConnection conn = ConnectionFactory.createAsyncConnection(conf).get();
 * AsyncTable t = conn.getTable(TableName.valueOf("counters"));
 * t.incrementColumnValue(row, CF, Q, 1).thenAccept(n -> { if (n == 1_000_000) celebrate(); });
 * }</pre>
 */
public interface AsyncConnection extends Closeable {
  StrataConfiguration getConfiguration();

  /** A table handle with the connection's timeouts; no call is made until it is used. */
  AsyncTable getTable(TableName name);

  /** A table handle with its own timeouts and attempts. */
  AsyncTableBuilder getTableBuilder(TableName name);

  AsyncAdmin getAdmin();

  /** A write buffer for the table with the connection's defaults. */
  AsyncBufferedMutator getBufferedMutator(TableName name);

  /** A write buffer set up by {@code params}. */
  AsyncBufferedMutator getBufferedMutator(BufferedMutatorParams params);

  boolean isClosed();

  /** Closes sockets and threads; calls still in flight fail. */
  @Override
  void close();
}
