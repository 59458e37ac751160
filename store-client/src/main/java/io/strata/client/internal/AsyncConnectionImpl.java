package io.strata.client.internal;

import io.strata.client.AsyncAdmin;
import io.strata.client.AsyncBufferedMutator;
import io.strata.client.AsyncConnection;
import io.strata.client.AsyncTable;
import io.strata.client.AsyncTableBuilder;
import io.strata.client.BufferedMutatorParams;
import io.strata.client.internal.rpc.RpcClient;
import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.RpcKeys;
import io.strata.common.rpc.LocalLanes;
import io.strata.common.rpc.LocalSockets;
import io.strata.common.rpc.NettyTransport;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The connection: network threads, connections to servers, the location cache, the timer that
 * schedules retries, and the threads that run callers' callbacks. Everything else (async and
 * blocking tables, admins, locators, write buffers) is a view over it.
 *
 * <p>Threads: Netty's event loops complete RPC futures and run the client's own short
 * continuations; the timer runs retries; callers' callbacks run on the callback pool (a cached
 * pool, so a callback that blocks takes a thread of its own rather than stalling the network or
 * another caller). The blocking adapters wait on the raw futures and skip the hop.
 */
public final class AsyncConnectionImpl implements AsyncConnection {
  private final StrataConfiguration conf;
  private final RpcClient rpc;
  private final ClusterRegistry registry;
  private final RpcChannels channels;
  private final RegionLocations locations;
  /** Servers that answered a PutBatch call with "no method" (an earlier release's). */
  private final java.util.Set<io.strata.common.schema.ServerName> withoutPutBatch =
      java.util.concurrent.ConcurrentHashMap.newKeySet();
  private final ScheduledExecutorService timer;
  private final ExecutorService callbackPool;
  /** Runs on the pool; on the calling thread once the pool is shut down (a closing race). */
  private final Executor callbacks;
  private final RetryingCaller caller;
  private final MasterCaller master;
  private volatile boolean closed;

  public AsyncConnectionImpl(StrataConfiguration conf) throws IOException {
    this(conf, null);
  }

  /**
   * A connection whose RPC connections present {@code clusterToken}, the cluster secret (null:
   * none): a master's own connection, which writes strata:meta.
   */
  public AsyncConnectionImpl(StrataConfiguration conf, byte[] clusterToken) throws IOException {
    this(conf, clusterToken, null);
  }

  /**
   * A connection proving its user with {@code token} (null: the token file the configuration
   * names, if any), such as a MapReduce task's delegation token.
   */
  public AsyncConnectionImpl(StrataConfiguration conf, byte[] clusterToken,
      io.strata.common.security.Token token) throws IOException {
    this.conf = conf;
    RetryPolicy policy = RetryPolicy.from(conf);
    this.registry = new ClusterRegistry(conf.get(CoreKeys.ZOOKEEPER_QUORUM),
        policy.operationTimeout(), ZkSasl.clientConfig(conf, conf.get(
            ClientKeys.KERBEROS_PRINCIPAL).trim(), conf.get(ClientKeys.KEYTAB_FILE).trim()));
    String user = conf.get(ClientKeys.USER);
    this.rpc = new RpcClient(user.isEmpty() ? System.getProperty("user.name", "strata") : user,
        conf.get(ClientKeys.IO_THREADS),
        NettyTransport.choose(conf.get(RpcKeys.NATIVE_TRANSPORT)),
        LocalSockets.directory(conf), LocalLanes.fromConfig(conf));
    try {
      proveUser(conf, clusterToken, token);
    } catch (IOException | RuntimeException e) {
      rpc.close();
      registry.close();
      throw e;
    }
    io.strata.common.rpc.Tls tls = io.strata.common.rpc.Tls.client(conf);
    if (tls != null) {
      rpc.useTls(tls);
    }
    // Direct calls use blocking sockets of their own, which do not speak TLS.
    this.channels = new RpcChannels(rpc, policy.rpcTimeout(),
        conf.get(ClientKeys.DIRECT_CALLS) && tls == null,
        conf.get(ClientKeys.RPC_SPIN).toNanos());
    // Cancelled tasks leave the queue at once: a lookup's timeout is cancelled when it is
    // answered, and would otherwise stay queued, holding the lookup, for the whole timeout.
    ScheduledThreadPoolExecutor timerPool =
        new ScheduledThreadPoolExecutor(1, daemon("strata-client-timer"));
    timerPool.setRemoveOnCancelPolicy(true);
    this.timer = timerPool;
    this.locations = new RegionLocations(registry, channels, conf, timer);
    this.callbackPool = Executors.newCachedThreadPool(daemon("strata-client-callback"));
    this.callbacks = task -> {
      try {
        callbackPool.execute(task);
      } catch (java.util.concurrent.RejectedExecutionException closed) {
        task.run();
      }
    };
    this.caller = new RetryingCaller(policy, timer);
    this.master = new MasterCaller(registry, channels, caller, conf.get(ClientKeys.DDL_TIMEOUT));
    try {
      registry.check();
    } catch (IOException e) {
      close();
      throw e;
    }
  }

  /**
   * Sets how the connection's calls prove their user: the cluster secret (a cluster's own
   * process, an operator's tool), {@code token} or the token file, or a Kerberos login.
   */
  private void proveUser(StrataConfiguration conf, byte[] clusterToken,
      io.strata.common.security.Token token) throws IOException {
    String secretFile = conf.get(ClientKeys.CLUSTER_SECRET_FILE);
    if (clusterToken != null) {
      rpc.presentClusterToken(clusterToken);
    } else if (!secretFile.isEmpty()) { // an operator's tool
      rpc.presentClusterToken(io.strata.common.rpc.ClusterToken.read(
          java.nio.file.Path.of(secretFile)));
    }
    String tokenFile = io.strata.common.security.TokenFile.configured(conf);
    if (token != null) {
      rpc.authenticateWith(token);
    } else if (clusterToken == null && !tokenFile.isEmpty()) {
      rpc.authenticateWith(io.strata.common.security.TokenFile.read(
          java.nio.file.Path.of(tokenFile)));
    } else if (clusterToken == null && secretFile.isEmpty()
        && io.strata.common.security.AuthenticationMode.of(conf)
            == io.strata.common.security.AuthenticationMode.KERBEROS) {
      rpc.authenticateWithKerberos(conf); // the cluster secret needs no proof of a user
    }
  }

  private static java.util.concurrent.ThreadFactory daemon(String prefix) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }

  @Override
  public StrataConfiguration getConfiguration() {
    return conf;
  }

  @Override
  public AsyncTable getTable(TableName name) {
    checkOpen();
    return new AsyncTableImpl(this, name, caller.policy(), callbacks);
  }

  @Override
  public AsyncTableBuilder getTableBuilder(TableName name) {
    checkOpen();
    return new AsyncTableBuilderImpl(this, name, caller.policy());
  }

  /** The single implementation of table operations; futures complete on internal threads. */
  AsyncTableImpl rawTable(TableName name, RetryPolicy policy) {
    checkOpen();
    return new AsyncTableImpl(this, name, policy, null);
  }

  @Override
  public AsyncAdmin getAdmin() {
    checkOpen();
    return new AsyncAdminImpl(this, callbacks);
  }

  /** The admin whose futures complete on internal threads (for the blocking adapter). */
  AsyncAdminImpl rawAdmin() {
    checkOpen();
    return new AsyncAdminImpl(this, null);
  }

  @Override
  public AsyncBufferedMutator getBufferedMutator(TableName name) {
    return getBufferedMutator(new BufferedMutatorParams(name));
  }

  @Override
  public AsyncBufferedMutator getBufferedMutator(BufferedMutatorParams params) {
    checkOpen();
    return new AsyncBufferedMutatorImpl(this, params, callbacks, null);
  }

  void checkOpen() {
    if (closed) {
      throw new IllegalStateException("the connection is closed; create a new one");
    }
  }

  RpcChannels channels() {
    return channels;
  }

  /** Whether {@code server} is known to have no PutBatch method: batches go as Multi. */
  boolean lacksPutBatch(io.strata.common.schema.ServerName server) {
    return withoutPutBatch.contains(server);
  }

  /** Notes that {@code server} answered a PutBatch call with "no method". */
  void notePutBatchMissing(io.strata.common.schema.ServerName server) {
    withoutPutBatch.add(server);
  }

  RegionLocations locations() {
    return locations;
  }

  /**
   * Forgets a server known to be dead (the master learns it first): its cached locations and
   * its connections, so that no call waits out a timeout on it.
   */
  public void serverGone(io.strata.common.schema.ServerName server) {
    locations.invalidateServer(server);
    channels.forget(server);
  }

  RetryingCaller caller() {
    return caller;
  }

  MasterCaller master() {
    return master;
  }

  ScheduledExecutorService timer() {
    return timer;
  }

  Executor callbacks() {
    return callbacks;
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
    callbackPool.shutdown();
  }
}
