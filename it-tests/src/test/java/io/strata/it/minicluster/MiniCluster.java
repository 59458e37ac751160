package io.strata.it.minicluster;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.server.coordination.EmbeddedZooKeeper;
import io.strata.server.master.Master;
import io.strata.server.regionserver.RegionServer;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * A cluster for tests in one JVM: an embedded ZooKeeper, one master and N region servers, all on
 * 127.0.0.1 with ephemeral ports and their data under one directory. Servers can be stopped
 * cleanly, killed (a crash: nothing flushed, the session gone) and started again.
 *
 * <pre>{@code
 * try (MiniCluster c = MiniCluster.start(dir, 3)) {
 *   Connection conn = c.connect();
 *   c.killRegionServer(1);
 * }
 * }</pre>
 */
public final class MiniCluster implements Closeable {
  private final StrataConfiguration conf;
  private final EmbeddedZooKeeper zookeeper;
  private final List<RegionServer> regionServers = new ArrayList<>();
  private final List<Connection> connections = new ArrayList<>();
  private final List<Master> backups = new ArrayList<>();
  private Master master;

  private MiniCluster(StrataConfiguration conf, EmbeddedZooKeeper zookeeper) {
    this.conf = conf;
    this.zookeeper = zookeeper;
  }

  /** Configuration of a test cluster under {@code dir}; callers may change it before start. */
  public static StrataConfiguration configuration(Path dir) {
    return configurationAt(dir.resolve("root"));
  }

  /**
   * Configuration of a test cluster (this one or a standalone one) whose root directory is
   * {@code root}: every port ephemeral, small caches, quick reports, no periodic balancer.
   */
  public static StrataConfiguration configurationAt(Path root) {
    return StrataConfiguration.defaults()
        .set(CoreKeys.ROOT_DIR.name(), root.toUri().toString())
        .set(CoreKeys.ZOOKEEPER_QUORUM.name(), "127.0.0.1:0")
        .set(CoreKeys.MASTER_PORT.name(), "0")
        .set(CoreKeys.REGIONSERVER_PORT.name(), "0")
        .set(CoreKeys.MASTER_INFO_PORT.name(), "0")
        .set(CoreKeys.REGIONSERVER_INFO_PORT.name(), "0")
        .set("strata.zookeeper.session.timeout", "10s")
        .set("strata.blockcache.l1.heap.fraction", "0.02")
        .set("strata.regionserver.report.interval", "300ms")
        .set("strata.balancer.period", "0s")
        .set("strata.client.operation.timeout", "30s");
  }

  public static MiniCluster start(Path dir, int regionServers) throws IOException {
    return start(configuration(dir), dir, regionServers);
  }

  /** Starts ZooKeeper, {@code regionServers} region servers and the master; waits for it. */
  public static MiniCluster start(StrataConfiguration base, Path dir, int regionServers)
      throws IOException {
    EmbeddedZooKeeper zk = new EmbeddedZooKeeper(new File(dir.toFile(), "zookeeper"),
        "127.0.0.1", 0);
    StrataConfiguration conf = base.copy().set(CoreKeys.ZOOKEEPER_QUORUM.name(),
        zk.connectString());
    return startServers(new MiniCluster(conf, zk), regionServers);
  }

  /**
   * Starts {@code regionServers} region servers and the master on the ZooKeeper ensemble
   * {@code base} names (one the test runs itself); waits for it.
   */
  public static MiniCluster startOnEnsemble(StrataConfiguration base, int regionServers)
      throws IOException {
    return startServers(new MiniCluster(base.copy(), null), regionServers);
  }

  private static MiniCluster startServers(MiniCluster c, int regionServers) throws IOException {
    try {
      for (int i = 0; i < regionServers; i++) {
        c.startRegionServer();
      }
      c.startMaster();
    } catch (IOException | RuntimeException e) {
      c.close();
      throw e;
    }
    return c;
  }

  public StrataConfiguration configuration() {
    return conf.copy();
  }

  /** A new client connection, closed with the cluster. */
  public Connection connect() throws IOException {
    Connection c = ConnectionFactory.createConnection(conf);
    connections.add(c);
    return c;
  }

  public Connection connect(StrataConfiguration clientConf) throws IOException {
    Connection c = ConnectionFactory.createConnection(clientConf);
    connections.add(c);
    return c;
  }

  public Master master() {
    return master;
  }

  /** The region servers started so far, including stopped and killed ones (by index). */
  public List<RegionServer> regionServers() {
    return regionServers;
  }

  public RegionServer regionServer(int i) {
    return regionServers.get(i);
  }

  /** Starts another region server; returns its index. */
  public int startRegionServer() throws IOException {
    RegionServer rs = new RegionServer(conf);
    rs.start();
    regionServers.add(rs);
    return regionServers.size() - 1;
  }

  /** Starts a master (a backup if one is active) and waits until one is initialized. */
  public void startMaster() throws IOException {
    Master m = new Master(conf);
    m.start();
    master = m;
    waitFor(() -> m.isInitialized() || m.initFailure() != null, Duration.ofMinutes(2),
        "the master to initialize");
    if (m.initFailure() != null) {
      throw new IOException("the master failed to start", m.initFailure());
    }
  }

  public void stopRegionServer(int i) throws IOException {
    regionServers.get(i).stop();
  }

  /** A crash: the server drops its memstores and leaves ZooKeeper; the master recovers it. */
  public void killRegionServer(int i) {
    regionServers.get(i).kill();
  }

  /**
   * Restarts region server {@code i}: a clean stop (or, with {@code crash}, a kill), then a new
   * server process in its place (a new start code, as a restarted daemon has). Returns the new
   * server's index.
   */
  public int restartRegionServer(int i, boolean crash) throws IOException {
    if (crash) {
      killRegionServer(i);
    } else {
      stopRegionServer(i);
    }
    return startRegionServer();
  }

  /** Starts another master while one is active: it waits as a backup. */
  public Master startBackupMaster() throws IOException {
    Master m = new Master(conf);
    m.start();
    backups.add(m);
    return m;
  }

  /** Makes {@code m} (a backup that took over) the master this cluster reports. */
  public void promote(Master m) {
    backups.remove(m);
    master = m;
  }

  public void stopMaster() {
    master.stop();
  }

  /** Stops the master and starts a new one, which takes over from meta and the WALs. */
  public void restartMaster() throws IOException {
    master.stop();
    startMaster();
  }

  /** Polls {@code condition} every 20 ms until it holds or {@code timeout} passes. */
  public static void waitFor(BooleanSupplier condition, Duration timeout, String what) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting for "
            + what);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted waiting for " + what);
      }
    }
  }

  @Override
  public void close() throws IOException {
    for (Connection c : connections) {
      c.close();
    }
    if (master != null) {
      master.stop();
    }
    backups.forEach(Master::stop);
    for (RegionServer rs : regionServers) {
      rs.kill(); // tests that want a clean stop call stopRegionServer first
    }
    if (zookeeper != null) {
      zookeeper.close();
    }
  }
}
