package io.strata.client.internal;

import io.strata.common.coordination.ZNodes;
import io.strata.common.error.ServerErrorException;
import io.strata.common.schema.ServerName;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/**
 * Reads where the active master and strata:meta are from ZooKeeper. The session is made on
 * first use and again after it is lost, so a client outlives ZooKeeper restarts.
 */
final class ClusterRegistry implements Closeable {
  private final String quorum;
  private final Duration timeout;
  /** How the session logs in to an ensemble asking for SASL ({@link ZkSasl}); null: no way. */
  private final org.apache.zookeeper.client.ZKClientConfig zkConfig;
  private ZooKeeper zk;
  private boolean closed;

  ClusterRegistry(String quorum, Duration timeout,
      org.apache.zookeeper.client.ZKClientConfig zkConfig) {
    this.quorum = quorum;
    this.timeout = timeout;
    this.zkConfig = zkConfig;
  }

  /** The active master; a retryable error while there is none. */
  ServerName master() throws IOException {
    return read(ZNodes.MASTER, "no master is active (is the cluster starting, or is a backup "
        + "master taking over?)");
  }

  /** The server of strata:meta; a retryable error while it is being assigned. */
  ServerName metaServer() throws IOException {
    return read(ZNodes.META_REGION_SERVER, "strata:meta is not assigned yet (is the master "
        + "starting?)");
  }

  private ServerName read(String path, String missing) throws IOException {
    byte[] data;
    try {
      data = session().getData(path, false, null);
    } catch (KeeperException.NoNodeException e) {
      throw new ServerErrorException(quorum, new IOException(missing));
    } catch (KeeperException e) {
      reset();
      throw new ServerErrorException(quorum, new IOException("ZooKeeper at " + quorum
          + " could not read " + path + ": " + e.getMessage(), e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted reading " + path);
    }
    return ServerName.parse(new String(data, StandardCharsets.UTF_8));
  }

  private synchronized ZooKeeper session() throws IOException {
    if (closed) {
      throw new IOException("the connection is closed");
    }
    if (zk != null && zk.getState().isAlive()) {
      return zk;
    }
    CountDownLatch connected = new CountDownLatch(1);
    boolean[] refused = new boolean[1];
    Watcher w = e -> {
      if (e.getState() == Watcher.Event.KeeperState.AuthFailed) {
        refused[0] = true;
        connected.countDown();
      } else if (ZkSasl.ready(e.getState(), zkConfig)) {
        connected.countDown();
      }
    };
    int sessionMillis = (int) Math.max(timeout.toMillis(), 4000);
    ZooKeeper z = zkConfig == null ? new ZooKeeper(quorum, sessionMillis, w)
        : new ZooKeeper(quorum, sessionMillis, w, zkConfig);
    try {
      if (!connected.await(timeout.toMillis(), TimeUnit.MILLISECONDS) || refused[0]) {
        z.close();
        throw new ServerErrorException(quorum, new IOException(refused[0]
            ? ZkSasl.refusal(quorum, zkConfig)
            : "cannot reach ZooKeeper at " + quorum + " within " + timeout.toMillis()
                + " ms; check strata.zookeeper.quorum and that the cluster runs "
                + "(bin/strata status)"));
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted connecting to ZooKeeper");
    }
    zk = z;
    return z;
  }

  private synchronized void reset() {
    if (zk != null) {
      try {
        zk.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      zk = null;
    }
  }

  /** Checks that ZooKeeper can be reached now. */
  void check() throws IOException {
    session();
  }

  @Override
  public synchronized void close() {
    closed = true;
    reset();
  }
}
