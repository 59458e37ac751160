package io.strata.client;

import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.io.Closeable;
import java.io.IOException;

/**
 * A connection to a cluster: heavy (network threads, connections to servers, the cache of
 * region locations), thread-safe and meant to be shared by the whole application. Tables and
 * admins it hands out are light; make them per use.
 *
 * <pre>{@code
 * try (Connection conn = ConnectionFactory.createConnection(StrataConfiguration.create());
 *      Table t = conn.getTable(TableName.valueOf("users"))) {
 *   t.put(new Put(Bytes.toBytes("row1")).addColumn(CF, Q, Bytes.toBytes("v")));
 * }
 * }</pre>
 */
public interface Connection extends Closeable {
  StrataConfiguration getConfiguration();

  /** A table handle; no call is made until it is used (an unknown table fails then). */
  Table getTable(TableName name);

  /** A table handle with its own timeouts and attempts. */
  TableBuilder getTableBuilder(TableName name);

  Admin getAdmin();

  /** A write buffer for the table with the connection's defaults. */
  BufferedMutator getBufferedMutator(TableName name);

  /** A write buffer set up by {@code params}. */
  BufferedMutator getBufferedMutator(BufferedMutatorParams params);

  /** The async connection this one adapts: same threads, sockets and location cache. */
  AsyncConnection toAsyncConnection();

  /** Where the table's regions are; no call is made until it is used. */
  RegionLocator getRegionLocator(TableName name);

  boolean isClosed();

  @Override
  void close() throws IOException;
}
