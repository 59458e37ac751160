package io.strata.client.internal;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.RegionLocator;
import io.strata.client.Table;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The connection: network threads, connections to servers, the location cache, and the timer
 * that schedules retries. Tables, admins and region locators are views over it.
 */
public final class ConnectionImpl implements Connection {
  private final StrataConfiguration conf;
  private final RpcClient rpc;
  private final ClusterRegistry registry;
  private final RpcChannels channels;
  private final RegionLocations locations;
  private final ScheduledExecutorService timer;
  private final RetryingCaller caller;
  private final MasterCaller master;
  private volatile boolean closed;

  public ConnectionImpl(StrataConfiguration conf) throws IOException {
    this.conf = conf;
    RetryPolicy policy = RetryPolicy.from(conf);
    this.registry = new ClusterRegistry(conf.get(CoreKeys.ZOOKEEPER_QUORUM),
        policy.operationTimeout());
    this.rpc = new RpcClient(System.getProperty("user.name", "strata"),
        conf.get(ClientKeys.IO_THREADS));
    this.channels = new RpcChannels(rpc, policy.rpcTimeout());
    this.locations = new RegionLocations(registry, channels, conf);
    this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "strata-client-retries");
      t.setDaemon(true);
      return t;
    });
    this.caller = new RetryingCaller(policy, timer);
    this.master = new MasterCaller(registry, channels, caller, conf.get(ClientKeys.DDL_TIMEOUT));
    try {
      registry.check();
    } catch (IOException e) {
      close();
      throw e;
    }
  }

  @Override
  public StrataConfiguration getConfiguration() {
    return conf;
  }

  @Override
  public Table getTable(TableName name) {
    checkOpen();
    return new TableImpl(this, name);
  }

  @Override
  public Admin getAdmin() {
    checkOpen();
    return new AdminImpl(this);
  }

  @Override
  public RegionLocator getRegionLocator(TableName name) {
    checkOpen();
    return new RegionLocatorImpl(this, name);
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the connection is closed; create a new one");
    }
  }

  RpcChannels channels() {
    return channels;
  }

  RegionLocations locations() {
    return locations;
  }

  RetryingCaller caller() {
    return caller;
  }

  MasterCaller master() {
    return master;
  }

  @Override
  public boolean isClosed() {
    return closed;
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    timer.shutdownNow();
    channels.close();
    rpc.close();
    registry.close();
  }
}
