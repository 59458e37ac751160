package io.strata.server.coordination;

import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.StrataConfiguration;
import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.zookeeper.server.quorum.QuorumPeerConfig;
import org.apache.zookeeper.server.quorum.QuorumPeerMain;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One member of a replicated ZooKeeper ensemble, run by {@code bin/strata zookeeper start} when
 * {@code strata.zookeeper.quorum} names several servers. Member {@code i} (from 1) is the
 * quorum's {@code i}-th entry, so every host derives the same ids from the same list, as HBase's
 * HQuorumPeer does; it serves clients at that entry's host and port, and talks to the other
 * members on {@code strata.zookeeper.peerport} and {@code strata.zookeeper.leaderport} of their
 * hosts. A majority must run for the ensemble to serve; with three, losing any one is not seen
 * by clients beyond a reconnection.
 */
public final class EnsembleMember implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(EnsembleMember.class);
  /**
   * One tick: the leader's heartbeat unit. Followers have 10 ticks to join and 5 to stay in
   * sync; sessions may ask for 2 to 90 ticks (the 30 s default timeout fits).
   */
  private static final int TICK_MILLIS = 1000;

  private final QuorumPeerMain peer = new QuorumPeerMain();
  private final Thread runner;
  private final int id;
  private final InetSocketAddress clientAddress;
  private volatile Throwable failure;

  private EnsembleMember(QuorumPeerConfig config, int id) {
    this.id = id;
    this.clientAddress = config.getClientPortAddress();
    runner = new Thread(() -> {
      try {
        peer.runFromConfig(config);
      } catch (Throwable t) {
        failure = t;
        LOG.error("ZooKeeper member {} stopped", id, t);
      }
    }, "zookeeper-member-" + id);
    runner.setDaemon(true);
  }

  /** The quorum's entries as host:port, in order. */
  public static List<InetSocketAddress> quorum(StrataConfiguration conf) {
    List<InetSocketAddress> out = new ArrayList<>();
    for (String entry : conf.get(CoreKeys.ZOOKEEPER_QUORUM).split(",")) {
      String e = entry.trim();
      int colon = e.lastIndexOf(':');
      if (e.isEmpty() || colon <= 0) {
        throw new IllegalArgumentException("strata.zookeeper.quorum entry '" + e + "' is not "
            + "host:port; write host:port[,host:port...], such as zk1:2182,zk2:2182,zk3:2182");
      }
      int port;
      try {
        port = Integer.parseInt(e.substring(colon + 1));
      } catch (NumberFormatException nfe) {
        throw new IllegalArgumentException("strata.zookeeper.quorum entry '" + e + "': the port "
            + "is not a number; write host:port, such as zk1:2182");
      }
      out.add(InetSocketAddress.createUnresolved(e.substring(0, colon), port));
    }
    return out;
  }

  /**
   * This machine's place in the quorum (from 1): the entry whose host is
   * {@code strata.zookeeper.hostname}, else the one entry whose host is an address of this
   * machine.
   */
  public static int myId(StrataConfiguration conf) {
    List<InetSocketAddress> quorum = quorum(conf);
    String named = conf.get(CoreKeys.ZOOKEEPER_HOSTNAME).trim();
    List<Integer> mine = new ArrayList<>();
    for (int i = 0; i < quorum.size(); i++) {
      String host = quorum.get(i).getHostString();
      if (named.isEmpty() ? isLocal(host) : sameHost(named, host)) {
        mine.add(i + 1);
      }
    }
    if (mine.size() == 1) {
      return mine.get(0);
    }
    String quorumText = conf.get(CoreKeys.ZOOKEEPER_QUORUM);
    if (mine.isEmpty()) {
      throw new IllegalArgumentException(named.isEmpty()
          ? "no entry of strata.zookeeper.quorum (" + quorumText + ") is an address of this "
              + "machine; run bin/strata zookeeper start on the quorum's hosts, or set "
              + "strata.zookeeper.hostname to this member's entry"
          : "strata.zookeeper.hostname '" + named + "' is not a host of strata.zookeeper.quorum ("
              + quorumText + "); set it to one of the quorum's hosts");
    }
    throw new IllegalArgumentException("entries " + mine + " of strata.zookeeper.quorum ("
        + quorumText + ") are all this machine; set strata.zookeeper.hostname to the host of "
        + "the member to start");
  }

  /**
   * Starts member {@link #myId}, its data in {@code base}'s name suffixed with its host
   * ({@code zookeeper-HOST}: members sharing a machine keep apart); returns once it runs (it
   * serves when a majority runs).
   */
  public static EnsembleMember start(StrataConfiguration conf, File base) throws IOException {
    List<InetSocketAddress> quorum = quorum(conf);
    int id = myId(conf);
    InetSocketAddress me = quorum.get(id - 1);
    File dataDir = new File(base.getParentFile(), base.getName() + "-" + me.getHostString());
    if (!(dataDir.isDirectory() || dataDir.mkdirs())) {
      throw new IOException("cannot create the ZooKeeper data directory " + dataDir
          + "; set strata.zookeeper.data.dir to a writable local directory");
    }
    Files.writeString(new File(dataDir, "myid").toPath(), id + "\n", StandardCharsets.US_ASCII);
    Properties p = new Properties();
    p.setProperty("tickTime", Integer.toString(TICK_MILLIS));
    p.setProperty("initLimit", "10");
    p.setProperty("syncLimit", "5");
    p.setProperty("maxSessionTimeout", Integer.toString(90 * TICK_MILLIS));
    p.setProperty("dataDir", dataDir.getAbsolutePath());
    p.setProperty("clientPort", Integer.toString(me.getPort()));
    p.setProperty("clientPortAddress", me.getHostString());
    p.setProperty("maxClientCnxns",
        Integer.toString(EmbeddedZooKeeper.MAX_CONNECTIONS_PER_ADDRESS));
    // Old snapshots and logs are purged hourly, three kept: a member never fills its disk.
    p.setProperty("autopurge.snapRetainCount", "3");
    p.setProperty("autopurge.purgeInterval", "1");
    int peerPort = conf.get(CoreKeys.ZOOKEEPER_PEER_PORT);
    int leaderPort = conf.get(CoreKeys.ZOOKEEPER_LEADER_PORT);
    for (int i = 0; i < quorum.size(); i++) {
      p.setProperty("server." + (i + 1), quorum.get(i).getHostString() + ":" + peerPort + ":"
          + leaderPort);
    }
    // ZooKeeper's admin web server would take port 8080; Strata's status pages say enough.
    System.setProperty("zookeeper.admin.enableServer", "false");
    QuorumPeerConfig config = new QuorumPeerConfig();
    try {
      config.parseProperties(p);
    } catch (QuorumPeerConfig.ConfigException e) {
      throw new IllegalArgumentException("the ZooKeeper ensemble of strata.zookeeper.quorum "
          + "is not valid: " + e.getMessage(), e);
    }
    EnsembleMember m = new EnsembleMember(config, id);
    m.runner.start();
    m.awaitClientPort();
    LOG.info("ZooKeeper member {} of {} starting at {} (peers on ports {} and {}), data in {}",
        id, quorum.size(), me, peerPort, leaderPort, dataDir);
    return m;
  }

  /**
   * Waits until the client port takes connections (it does from the member's start, before a
   * leader is elected) or the member stops; its failure is then thrown.
   */
  private void awaitClientPort() throws IOException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (System.nanoTime() < deadline) {
      if (failed()) {
        close();
        throw new IOException("ZooKeeper member " + id + " could not start at " + clientAddress
            + ": " + (failure == null ? "it stopped" : failure.getMessage())
            + "; is another ZooKeeper running there?", failure);
      }
      try (java.net.Socket s = new java.net.Socket()) {
        s.connect(new InetSocketAddress(clientAddress.getHostString(), clientAddress.getPort()),
            1000);
        return;
      } catch (IOException notYet) {
        try {
          Thread.sleep(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while starting ZooKeeper", e);
        }
      }
    }
    close();
    throw new IOException("ZooKeeper member " + id + " did not listen at " + clientAddress
        + " within 60 s; see the log");
  }

  /** Whether the member stopped by itself (a port taken, say); the failure is logged. */
  public boolean failed() {
    return failure != null || !runner.isAlive();
  }

  public Throwable failure() {
    return failure;
  }

  public int id() {
    return id;
  }

  /** host:port clients reach this member at. */
  public String connectString() {
    return clientAddress.getHostString() + ":" + clientAddress.getPort();
  }

  @Override
  public void close() {
    peer.close();
    try {
      runner.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static boolean sameHost(String a, String b) {
    if (a.equalsIgnoreCase(b)) {
      return true;
    }
    try {
      return InetAddress.getByName(a).equals(InetAddress.getByName(b));
    } catch (UnknownHostException e) {
      return false;
    }
  }

  /** An address of this machine: loopback, or bound to one of its interfaces. */
  static boolean isLocal(String host) {
    try {
      InetAddress a = InetAddress.getByName(host);
      return a.isLoopbackAddress() || a.isAnyLocalAddress()
          || NetworkInterface.getByInetAddress(a) != null;
    } catch (IOException e) {
      return false;
    }
  }
}
