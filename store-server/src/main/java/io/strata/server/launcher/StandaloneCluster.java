package io.strata.server.launcher;

import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.server.coordination.EmbeddedZooKeeper;
import io.strata.server.fs.StorageFileSystems;
import io.strata.server.master.Master;
import io.strata.server.regionserver.RegionServer;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Standalone mode: an embedded ZooKeeper, one master and one region server in this JVM, running
 * exactly the code of distributed mode. {@link #stop} is the clean stop (every region flushed);
 * a killed JVM comes back with every acknowledged write, replayed from the WAL.
 *
 * <pre>{@code
 * StandaloneCluster c = StandaloneCluster.start(StrataConfiguration.create());
 * ... ConnectionFactory.createConnection(c.clientConfiguration()) ...
 * c.stop();
 * }</pre>
 */
public final class StandaloneCluster implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(StandaloneCluster.class);

  private final StrataConfiguration conf;
  private final EmbeddedZooKeeper zookeeper;
  private final RegionServer regionServer;
  private final Master master;

  private StandaloneCluster(StrataConfiguration conf, EmbeddedZooKeeper zookeeper,
      RegionServer regionServer, Master master) {
    this.conf = conf;
    this.zookeeper = zookeeper;
    this.regionServer = regionServer;
    this.master = master;
  }

  /** Starts all three and returns once the master serves (strata:meta is open). */
  public static StandaloneCluster start(StrataConfiguration base) throws IOException {
    if (base.get(CoreKeys.CLUSTER_DISTRIBUTED)) {
      throw new IllegalArgumentException("strata.cluster.distributed is true: start the daemons "
          + "with bin/strata zookeeper|master|regionserver start, or set it to false for "
          + "standalone mode");
    }
    StrataConfiguration conf = base.copy();
    EmbeddedZooKeeper zk = startZooKeeper(conf);
    conf.set(CoreKeys.ZOOKEEPER_QUORUM, zk.connectString());
    RegionServer rs = null;
    Master master = null;
    try {
      rs = new RegionServer(conf);
      rs.start();
      master = new Master(conf);
      master.start();
      long deadline = System.nanoTime() + Duration.ofMinutes(5).toNanos();
      try {
        while (!master.awaitInitialized(Duration.ofMillis(200))) {
          if (master.initFailure() != null) {
            throw new IOException("the master could not start: "
                + master.initFailure().getMessage(), master.initFailure());
          }
          if (System.nanoTime() > deadline) {
            throw new IOException("the master did not finish starting within 5 minutes; see "
                + "the log");
          }
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted while starting");
      }
    } catch (IOException | RuntimeException e) {
      if (master != null) {
        master.stop();
      }
      if (rs != null) {
        rs.kill();
      }
      zk.close();
      throw e;
    }
    LOG.info("standalone Strata is up: ZooKeeper {}, master {}, region server {}",
        zk.connectString(), master.serverName(), rs.serverName());
    return new StandaloneCluster(conf, zk, rs, master);
  }

  /** Starts an empty embedded ZooKeeper on the quorum's first host and port. */
  static EmbeddedZooKeeper startZooKeeper(StrataConfiguration conf) throws IOException {
    java.net.InetSocketAddress at = zookeeperBind(conf);
    File dir = zookeeperDataDir(conf);
    // Standalone ZooKeeper holds nothing durable (the cluster id and all data are under the
    // root directory): starting empty drops the znodes of the previous run's sessions, which
    // would otherwise make this run wait for them to expire.
    deleteRecursively(dir);
    return new EmbeddedZooKeeper(dir, at.getHostString(), at.getPort());
  }

  /** The first host:port of strata.zookeeper.quorum, where an embedded server listens. */
  static java.net.InetSocketAddress zookeeperBind(StrataConfiguration conf) {
    String first = conf.get(CoreKeys.ZOOKEEPER_QUORUM).split(",")[0].trim();
    int colon = first.lastIndexOf(':');
    if (colon < 0) {
      throw new IllegalArgumentException("strata.zookeeper.quorum '" + first + "' has no port; "
          + "write host:port, such as 127.0.0.1:2182");
    }
    try {
      return java.net.InetSocketAddress.createUnresolved(first.substring(0, colon),
          Integer.parseInt(first.substring(colon + 1)));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("strata.zookeeper.quorum '" + first + "': the port is "
          + "not a number from 0 to 65535; write host:port, such as 127.0.0.1:2182");
    }
  }

  private static void deleteRecursively(File f) throws IOException {
    File[] children = f.listFiles();
    if (children != null) {
      for (File c : children) {
        deleteRecursively(c);
      }
    }
    if (f.exists() && !f.delete()) {
      throw new IOException("cannot delete " + f + " (the embedded ZooKeeper's old data)");
    }
  }

  /** strata.zookeeper.data.dir, or zookeeper/ under a local root directory, else under data/. */
  static File zookeeperDataDir(StrataConfiguration conf) {
    String dir = conf.get(CoreKeys.ZOOKEEPER_DATA_DIR);
    if (!dir.isBlank()) {
      return new File(dir);
    }
    Path root = StorageFileSystems.rootDir(conf);
    if (!"file".equals(root.toUri().getScheme())) {
      return new File(new File(conf.get(CoreKeys.HOME), "data"), "zookeeper");
    }
    return new File(new File(root.toUri().getPath()), "zookeeper");
  }

  /** Configuration for clients of this cluster (the actual ZooKeeper address). */
  public StrataConfiguration clientConfiguration() {
    return conf.copy();
  }

  public String zookeeperAddress() {
    return zookeeper.connectString();
  }

  public Master master() {
    return master;
  }

  public RegionServer regionServer() {
    return regionServer;
  }

  /** Whether a part stopped on its own (a lost ZooKeeper session): the process should end. */
  public boolean brokeDown() {
    return master.isStopped() || regionServer.isStopped();
  }

  /** The clean stop: the master, then the region server (flushing every region), then ZooKeeper. */
  public void stop() throws IOException {
    LOG.info("standalone Strata stopping");
    master.stop();
    try {
      regionServer.stop();
    } finally {
      zookeeper.close();
    }
    LOG.info("standalone Strata stopped");
  }

  @Override
  public void close() throws IOException {
    stop();
  }
}
