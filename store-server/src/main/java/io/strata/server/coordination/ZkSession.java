package io.strata.server.coordination;

import io.strata.common.coordination.ZNodes;
import io.strata.server.security.ClusterSecret;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One process's ZooKeeper session. Ephemeral znodes made through it live as long as the session;
 * when ZooKeeper expires the session (the process was silent longer than the session timeout),
 * they are gone and the process has lost its place in the cluster: {@code onExpired} runs once,
 * and the owner must stop serving (a region server aborts; a master steps down).
 */
public final class ZkSession implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(ZkSession.class);

  private final ZooKeeper zk;
  /** Pause between tries of a call whose connection was lost. */
  private static final long RETRY_PAUSE_MILLIS = 100;

  private final String connectString;
  private final Duration sessionTimeout;
  private final List<ACL> acl;
  private volatile boolean expired;
  /** Whether the ensemble refused the session's SASL login. */
  private volatile boolean authFailed;
  private volatile boolean closed;
  /** Whether the client hears from the ensemble now (false from Disconnected to SyncConnected). */
  private volatile boolean connected;
  private volatile Runnable onExpired = () -> { };

  /**
   * Connects and waits until the session is established.
   *
   * @throws IOException naming the quorum when it cannot be reached within {@code timeout}
   */
  public ZkSession(String connectString, Duration sessionTimeout, Duration timeout)
      throws IOException {
    this(connectString, sessionTimeout, timeout, null);
  }

  /**
   * As above, proving {@code secret} to ZooKeeper (null: nothing) and creating every znode so
   * that anyone may read it but only a process that proves the same secret may change it.
   */
  public ZkSession(String connectString, Duration sessionTimeout, Duration timeout,
      ClusterSecret secret) throws IOException {
    this(connectString, sessionTimeout, timeout, secret, null);
  }

  /**
   * The session of a master or region server configured by {@code conf}: its ensemble, its
   * session timeout, the cluster {@code secret}, and the SASL login of strata.zookeeper.sasl.*
   * ({@code kerberosPrincipal}: the daemon's own, under Kerberos; else null).
   */
  public static ZkSession ofDaemon(io.strata.common.conf.StrataConfiguration conf,
      ClusterSecret secret, String kerberosPrincipal) throws IOException {
    Duration timeout = conf.get(io.strata.common.conf.CoreKeys.ZOOKEEPER_SESSION_TIMEOUT);
    return new ZkSession(conf.get(io.strata.common.conf.CoreKeys.ZOOKEEPER_QUORUM), timeout,
        timeout, secret, io.strata.client.internal.ZkSasl.clientConfig(conf, kerberosPrincipal,
            conf.get(io.strata.common.conf.SecurityKeys.KERBEROS_KEYTAB).trim()));
  }

  /**
   * As above, logging in to an ensemble that asks for SASL as {@code saslConfig} says (null:
   * as ZooKeeper's own settings say).
   */
  public ZkSession(String connectString, Duration sessionTimeout, Duration timeout,
      ClusterSecret secret, org.apache.zookeeper.client.ZKClientConfig saslConfig)
      throws IOException {
    this.connectString = connectString;
    this.sessionTimeout = sessionTimeout;
    this.acl = secret == null ? ZooDefs.Ids.OPEN_ACL_UNSAFE : secret.zkAcl();
    CountDownLatch established = new CountDownLatch(1);
    Watcher watcher = event -> {
      if (event.getState() == null) {
        return; // ZooKeeper's own bookkeeping events carry no state
      }
      if (io.strata.client.internal.ZkSasl.ready(event.getState(), saslConfig)) {
        established.countDown();
      }
      switch (event.getState()) {
        case SyncConnected -> this.connected = true;
        case AuthFailed -> {
          authFailed = true;
          established.countDown();
        }
        case Disconnected -> this.connected = false;
        case Expired -> {
          this.connected = false;
          expire();
        }
        default -> { }
      }
    };
    zk = saslConfig == null
        ? new ZooKeeper(connectString, (int) sessionTimeout.toMillis(), watcher)
        : new ZooKeeper(connectString, (int) sessionTimeout.toMillis(), watcher, saslConfig);
    if (secret != null) {
      zk.addAuthInfo("digest", secret.zkAuth());
    }
    try {
      boolean answered = established.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
      if (authFailed) {
        close();
        throw new IOException(io.strata.client.internal.ZkSasl.refusal(connectString,
            saslConfig));
      }
      if (!answered) {
        close();
        throw new IOException("cannot reach ZooKeeper at " + connectString + " within "
            + timeout.toMillis() + " ms; check strata.zookeeper.quorum and that ZooKeeper runs");
      }
    } catch (InterruptedException e) {
      close();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while connecting to ZooKeeper", e);
    }
    for (String parent : ZNodes.PARENTS) {
      createIfAbsent(parent, new byte[0]);
    }
  }

  private void expire() {
    if (!expired) {
      expired = true;
      LOG.warn("ZooKeeper session 0x{} with {} expired", Long.toHexString(zk.getSessionId()),
          connectString);
      onExpired.run();
    }
  }

  /** Runs {@code action} (once) when the session expires. */
  public void onExpired(Runnable action) {
    this.onExpired = action;
    if (expired) {
      action.run();
    }
  }

  public boolean isExpired() {
    return expired;
  }

  /**
   * Whether the session is known to stand now: connected to the ensemble, not expired. While
   * disconnected it may have expired already without this process knowing (the ensemble expires
   * it a third of the timeout after the client gives up on the connection, at the soonest).
   */
  public boolean isConnected() {
    return connected && !expired && !closed;
  }

  /** Neither expired nor closed: its ephemeral znodes stand. */
  public boolean isOpen() {
    return !expired && !closed;
  }

  public long sessionId() {
    return zk.getSessionId();
  }

  public byte[] sessionPassword() {
    return zk.getSessionPasswd();
  }

  /** Creates a persistent znode unless it exists; true if this call created it. */
  public boolean createIfAbsent(String path, byte[] data) throws IOException {
    try {
      retrying(() -> zk.create(path, data, acl, CreateMode.PERSISTENT));
      return true;
    } catch (KeeperException.NodeExistsException e) {
      return false;
    } catch (KeeperException | InterruptedException e) {
      throw failure("create " + path, e);
    }
  }

  /** Sets an existing znode's data; false if there is no such znode. */
  public boolean update(String path, byte[] data) throws IOException {
    try {
      retrying(() -> zk.setData(path, data, -1));
      return true;
    } catch (KeeperException.NoNodeException e) {
      return false;
    } catch (KeeperException | InterruptedException e) {
      throw failure("write " + path, e);
    }
  }

  /** Sets a persistent znode's data, creating the znode if it does not exist. */
  public void write(String path, byte[] data) throws IOException {
    try {
      try {
        retrying(() -> zk.setData(path, data, -1));
      } catch (KeeperException.NoNodeException e) {
        try {
          retrying(() -> zk.create(path, data, acl, CreateMode.PERSISTENT));
        } catch (KeeperException.NodeExistsException raced) {
          retrying(() -> zk.setData(path, data, -1));
        }
      }
    } catch (KeeperException | InterruptedException e) {
      throw failure("write " + path, e);
    }
  }

  /** Creates an ephemeral znode; false if one exists at the path already. */
  public boolean createEphemeral(String path, String data) throws IOException {
    try {
      retrying(() -> zk.create(path, data.getBytes(StandardCharsets.UTF_8), acl,
          CreateMode.EPHEMERAL));
      return true;
    } catch (KeeperException.NodeExistsException e) {
      // A create retried after a lost connection may find the znode its first try made.
      try {
        Stat stat = retrying(() -> zk.exists(path, false));
        return stat != null && stat.getEphemeralOwner() == zk.getSessionId();
      } catch (KeeperException | InterruptedException again) {
        throw failure("create " + path, again);
      }
    } catch (KeeperException | InterruptedException e) {
      throw failure("create " + path, e);
    }
  }

  /** The znode's data as text, or null if it does not exist; sets {@code watch} either way. */
  public String readText(String path, Watcher watch) throws IOException {
    try {
      Stat stat = retrying(() -> zk.exists(path, watch));
      if (stat == null) {
        return null;
      }
      return new String(retrying(() -> zk.getData(path, false, null)),
          StandardCharsets.UTF_8);
    } catch (KeeperException.NoNodeException e) {
      return null; // deleted between the two calls; the exists watch reports it
    } catch (KeeperException | InterruptedException e) {
      throw failure("read " + path, e);
    }
  }

  /** The znode's raw data, or null if it does not exist. */
  public byte[] read(String path) throws IOException {
    try {
      return retrying(() -> zk.getData(path, false, null));
    } catch (KeeperException.NoNodeException e) {
      return null;
    } catch (KeeperException | InterruptedException e) {
      throw failure("read " + path, e);
    }
  }

  /** The children's names, sorted; {@code watch} (if not null) fires on the next change. */
  public List<String> children(String path, Watcher watch) throws IOException {
    try {
      return retrying(() -> zk.getChildren(path, watch)).stream().sorted().toList();
    } catch (KeeperException | InterruptedException e) {
      throw failure("list " + path, e);
    }
  }

  /**
   * Gives {@code path} and every znode under it this session's ACL (znodes made before the
   * cluster had a secret were open to anyone); true if any changed.
   */
  public boolean secure(String path) throws IOException {
    try {
      boolean changed = false;
      if (retrying(() -> zk.exists(path, false)) == null) {
        return false;
      }
      if (!retrying(() -> zk.getACL(path, null)).equals(acl)) {
        retrying(() -> zk.setACL(path, acl, -1));
        changed = true;
      }
      for (String child : retrying(() -> zk.getChildren(path, false))) {
        changed |= secure(path.equals("/") ? "/" + child : path + "/" + child);
      }
      return changed;
    } catch (KeeperException.NoNodeException e) {
      return false; // gone meanwhile (an ephemeral node of a stopping server)
    } catch (KeeperException | InterruptedException e) {
      throw failure("secure " + path, e);
    }
  }

  /** Deletes the znode if it exists. */
  public void deleteIfExists(String path) throws IOException {
    try {
      retrying(() -> {
        zk.delete(path, -1);
        return null;
      });
    } catch (KeeperException.NoNodeException e) {
      // already gone
    } catch (KeeperException | InterruptedException e) {
      throw failure("delete " + path, e);
    }
  }

  /** A ZooKeeper call that may be tried again. */
  @FunctionalInterface
  private interface ZkCall<T> {
    T call() throws KeeperException, InterruptedException;
  }

  /**
   * Runs {@code call}, trying again while the connection is lost and the session still stands:
   * the client library reconnects to another member of the ensemble by itself (a member that
   * died, a leader being elected), and callers should not see that. Every call so tried is
   * idempotent, or checks its outcome (createEphemeral).
   */
  private <T> T retrying(ZkCall<T> call) throws KeeperException, InterruptedException {
    long deadline = System.nanoTime() + sessionTimeout.toNanos();
    while (true) {
      try {
        return call.call();
      } catch (KeeperException.ConnectionLossException
          | KeeperException.OperationTimeoutException e) {
        if (closed || expired || System.nanoTime() > deadline) {
          throw e;
        }
        Thread.sleep(RETRY_PAUSE_MILLIS);
      }
    }
  }

  private IOException failure(String what, Exception e) {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    return new IOException("ZooKeeper at " + connectString + " could not " + what + ": "
        + e.getMessage(), e);
  }

  /** Ends the session: its ephemeral znodes go at once. */
  @Override
  public void close() {
    closed = true;
    try {
      zk.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static boolean isDeletion(WatchedEvent e) {
    return e.getType() == Watcher.Event.EventType.NodeDeleted;
  }
}
