package io.strata.it.hosts;

import io.strata.common.conf.StrataConfiguration;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A Strata cluster of real processes, each on its own host: by default host {@code i} is the
 * loopback alias 127.0.0.{i+2} (on Linux every 127.x.y.z is this machine); on
 * {@link NetNamespaces} it is a network namespace that a test can cut off. Host {@code i} runs
 * ZooKeeper member {@code i}, master {@code i} and region server {@code i} as far as the cluster
 * has them. Every daemon binds its host's address only, so the processes talk as separate
 * machines would.
 */
public final class HostCluster implements AutoCloseable {
  private final Path dir;
  private final java.util.function.IntFunction<String> address;
  private final java.util.function.IntFunction<List<String>> runOn;
  private final String rootDir;
  private final List<String> extra;
  private final String quorum;
  private final int peerPort;
  private final int leaderPort;
  private final List<Daemon> zookeepers = new ArrayList<>();
  private final List<Daemon> masters = new ArrayList<>();
  private final List<Daemon> regionServers = new ArrayList<>();

  private HostCluster(Path dir, String rootDir, int zookeepers, List<String> extra,
      java.util.function.IntFunction<String> address,
      java.util.function.IntFunction<List<String>> runOn) throws IOException {
    this.dir = dir;
    this.address = address;
    this.runOn = runOn;
    this.rootDir = rootDir;
    this.extra = List.copyOf(extra);
    // Ports free on this machine's loopback; a namespace's are all free.
    int clientPort = BinStrata.freePort(host(0));
    this.peerPort = BinStrata.freePort(host(0));
    this.leaderPort = BinStrata.freePort(host(0));
    List<String> entries = new ArrayList<>();
    for (int i = 0; i < zookeepers; i++) {
      entries.add(address.apply(i) + ":" + clientPort);
    }
    this.quorum = String.join(",", entries);
  }

  /**
   * Starts {@code zookeepers} ZooKeeper members, the first master, {@code regionServers} region
   * servers, then {@code masters - 1} backup masters, over {@code rootDir}; {@code extra} are
   * more {@code -Dkey=value} settings for every daemon.
   */
  public static HostCluster start(Path dir, String rootDir, int zookeepers, int masters,
      int regionServers, List<String> extra) throws IOException, InterruptedException {
    return start(new HostCluster(dir, rootDir, zookeepers, extra, HostCluster::host,
        i -> List.of()), zookeepers, masters, regionServers);
  }

  /** The same on {@code hosts}, whose host {@code i} is its namespace {@code i}. */
  public static HostCluster start(NetNamespaces hosts, Path dir, String rootDir, int zookeepers,
      int masters, int regionServers, List<String> extra)
      throws IOException, InterruptedException {
    return start(new HostCluster(dir, rootDir, zookeepers, extra, hosts::address, hosts::runOn),
        zookeepers, masters, regionServers);
  }

  private static HostCluster start(HostCluster c, int zookeepers, int masters,
      int regionServers) throws IOException, InterruptedException {
    try {
      for (int i = 0; i < zookeepers; i++) {
        c.startZooKeeper(i);
      }
      c.startMaster(0);
      for (int i = 0; i < regionServers; i++) {
        c.startRegionServer(i);
      }
      for (int i = 1; i < masters; i++) {
        c.startMaster(i);
      }
    } catch (IOException | RuntimeException | Error | InterruptedException e) {
      c.close();
      throw e;
    }
    return c;
  }

  /** The address of this cluster's host {@code i}. */
  public String address(int i) {
    return address.apply(i);
  }

  /** The loopback alias of host {@code i}: 127.0.0.{i+2}. */
  public static String host(int i) {
    return "127.0.0." + (i + 2);
  }

  public String quorum() {
    return quorum;
  }

  /** A client's configuration for this cluster. */
  public StrataConfiguration clientConfiguration() {
    return StrataConfiguration.defaults().set("strata.zookeeper.quorum", quorum)
        .set("strata.client.operation.timeout", "60s");
  }

  private List<String> common() {
    List<String> s = new ArrayList<>(List.of("-Dstrata.cluster.distributed=true",
        "-Dstrata.rootdir=" + rootDir, "-Dstrata.zookeeper.quorum=" + quorum,
        "-Dstrata.home=" + dir, "-Dstrata.master.port=0", "-Dstrata.regionserver.port=0",
        "-Dstrata.master.info.port=0", "-Dstrata.regionserver.info.port=0",
        "-Dstrata.zookeeper.session.timeout=10s", "-Dstrata.regionserver.report.interval=300ms",
        "-Dstrata.balancer.period=0s"));
    s.addAll(extra);
    return s;
  }

  public Daemon startZooKeeper(int i) throws IOException, InterruptedException {
    List<String> s = common();
    s.addAll(List.of("-Dstrata.zookeeper.hostname=" + address(i),
        "-Dstrata.zookeeper.peerport=" + peerPort, "-Dstrata.zookeeper.leaderport=" + leaderPort,
        "-Dstrata.zookeeper.data.dir=" + dir.resolve("zookeeper")));
    return set(zookeepers, i, Daemon.start(runOn.apply(i), "zookeeper", "zookeeper-" + address(i),
        dir, s));
  }

  public Daemon startMaster(int i) throws IOException, InterruptedException {
    List<String> s = common();
    s.add("-Dstrata.master.hostname=" + address(i));
    return set(masters, i, Daemon.start(runOn.apply(i), "master", "master-" + address(i), dir,
        s));
  }

  public Daemon startRegionServer(int i) throws IOException, InterruptedException {
    List<String> s = common();
    s.add("-Dstrata.regionserver.hostname=" + address(i));
    return set(regionServers, i, Daemon.start(runOn.apply(i), "regionserver",
        "regionserver-" + address(i), dir, s));
  }

  private static Daemon set(List<Daemon> list, int i, Daemon d) {
    while (list.size() <= i) {
      list.add(null);
    }
    list.set(i, d);
    return d;
  }

  public Daemon zookeeper(int i) {
    return zookeepers.get(i);
  }

  public Daemon master(int i) {
    return masters.get(i);
  }

  public Daemon regionServer(int i) {
    return regionServers.get(i);
  }

  /** Every daemon's output, for a failed test's message. */
  public String outputs() {
    StringBuilder b = new StringBuilder();
    for (List<Daemon> l : List.of(zookeepers, masters, regionServers)) {
      for (Daemon d : l) {
        if (d != null) {
          String out = d.output();
          b.append("--- ").append(d.name()).append(":\n")
              .append(out.length() > 4000 ? out.substring(out.length() - 4000) : out);
        }
      }
    }
    return b.toString();
  }

  @Override
  public void close() throws InterruptedException {
    for (List<Daemon> l : List.of(regionServers, masters, zookeepers)) {
      for (Daemon d : l) {
        if (d != null) {
          d.close();
        }
      }
    }
  }

  /** Waits as {@link MiniCluster#waitFor}, failing with every daemon's output. */
  public void waitFor(java.util.function.BooleanSupplier condition, java.time.Duration timeout,
      String what) {
    try {
      MiniCluster.waitFor(condition, timeout, what);
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + "\n" + outputs(), e);
    }
  }
}
