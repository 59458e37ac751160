package io.strata.client.internal;

import io.strata.client.Admin;
import io.strata.client.AsyncConnection;
import io.strata.client.BufferedMutator;
import io.strata.client.BufferedMutatorParams;
import io.strata.client.Connection;
import io.strata.client.RegionLocator;
import io.strata.client.Table;
import io.strata.client.TableBuilder;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;

/** The blocking connection: a thin adapter over the {@link AsyncConnectionImpl} it owns. */
public final class ConnectionImpl implements Connection {
  private final AsyncConnectionImpl async;

  public ConnectionImpl(AsyncConnectionImpl async) {
    this.async = async;
  }

  AsyncConnectionImpl async() {
    return async;
  }

  @Override
  public StrataConfiguration getConfiguration() {
    return async.getConfiguration();
  }

  @Override
  public Table getTable(TableName name) {
    return new TableImpl(async.rawTable(name, async.caller().policy()));
  }

  @Override
  public TableBuilder getTableBuilder(TableName name) {
    async.checkOpen();
    return new TableBuilderImpl(async, name, async.caller().policy());
  }

  @Override
  public Admin getAdmin() {
    return AdminAdapter.over(async.rawAdmin());
  }

  @Override
  public RegionLocator getRegionLocator(TableName name) {
    async.checkOpen();
    return new RegionLocatorImpl(async, name);
  }

  @Override
  public BufferedMutator getBufferedMutator(TableName name) {
    return getBufferedMutator(new BufferedMutatorParams(name));
  }

  @Override
  public BufferedMutator getBufferedMutator(BufferedMutatorParams params) {
    async.checkOpen();
    return new BufferedMutatorImpl(async, params);
  }

  @Override
  public AsyncConnection toAsyncConnection() {
    return async;
  }

  @Override
  public boolean isClosed() {
    return async.isClosed();
  }

  @Override
  public void close() {
    async.close();
  }
}
