package io.strata.server.coordination;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;

/**
 * A ZooKeeper server inside this JVM, in standalone mode: what standalone Strata and tests run.
 * Its data (snapshots and transaction log) lives under {@code dataDir}, so znodes such as the
 * cluster id survive a restart.
 */
public final class EmbeddedZooKeeper implements Closeable {
  private static final int TICK_MILLIS = 500;
  /**
   * Connections one address may hold: a Strata process keeps one ZooKeeper session; a program
   * opening thousands would otherwise have each hold a read buffer of up to jute.maxbuffer in
   * this JVM, whose heap the embedded server shares with the region server.
   */
  static final int MAX_CONNECTIONS_PER_ADDRESS = 200;

  private final ZooKeeperServer server;
  private final ServerCnxnFactory factory;

  /**
   * Starts serving on {@code host:port} (port 0 picks a free one).
   *
   * @throws IOException naming the port when it is taken
   */
  public EmbeddedZooKeeper(File dataDir, String host, int port) throws IOException {
    File snaps = new File(dataDir, "snapshots");
    File logs = new File(dataDir, "txlog");
    if (!(snaps.isDirectory() || snaps.mkdirs()) || !(logs.isDirectory() || logs.mkdirs())) {
      throw new IOException("cannot create ZooKeeper data directories under " + dataDir);
    }
    try {
      server = new ZooKeeperServer(snaps, logs, TICK_MILLIS);
      factory = ServerCnxnFactory.createFactory(new InetSocketAddress(host, port),
          MAX_CONNECTIONS_PER_ADDRESS);
      factory.startup(server);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while starting ZooKeeper", e);
    } catch (IOException e) {
      throw new IOException("embedded ZooKeeper could not listen on " + host + ":" + port + ": "
          + e.getMessage() + "; is another Strata or ZooKeeper running there? Change the port "
          + "in strata.zookeeper.quorum", e);
    }
  }

  /** host:port to give clients. */
  public String connectString() {
    InetSocketAddress a = factory.getLocalAddress();
    return a.getHostString() + ":" + a.getPort();
  }

  public int port() {
    return factory.getLocalPort();
  }

  @Override
  public void close() {
    factory.shutdown();
    server.shutdown();
  }
}
