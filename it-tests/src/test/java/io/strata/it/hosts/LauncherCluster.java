package io.strata.it.hosts;

import io.strata.common.conf.StrataConfiguration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The configuration directory and environment of a cluster that {@code bin/strata start} runs
 * on loopback aliases, as an operator would write them: strata-site.xml, regionservers,
 * backup-masters. Daemons of 512 MB; ports free on this machine now.
 */
public final class LauncherCluster {
  private final Path dir;
  private final String quorum;
  private final Map<String, String> env;

  private LauncherCluster(Path dir, String quorum, Map<String, String> env) {
    this.dir = dir;
    this.quorum = quorum;
    this.env = env;
  }

  /**
   * Writes the configuration under {@code dir/conf}: ZooKeeper on {@code zookeepers} (one: a
   * single server; more: an ensemble), the master on this machine, region servers on
   * {@code regionServers}, backup masters on {@code backupMasters}, plus {@code site}.
   */
  public static LauncherCluster write(Path dir, List<String> zookeepers,
      List<String> regionServers, List<String> backupMasters, Map<String, String> site)
      throws IOException {
    Path conf = Files.createDirectories(dir.resolve("conf"));
    Files.copy(BinStrata.ROOT.resolve("conf/log4j2.xml"), conf.resolve("log4j2.xml"));
    int zkPort = BinStrata.freePort(zookeepers.get(0));
    StringBuilder q = new StringBuilder();
    for (String z : zookeepers) {
      q.append(q.length() == 0 ? "" : ",").append(z).append(':').append(zkPort);
    }
    Map<String, String> all = new LinkedHashMap<>(Map.of(
        "strata.cluster.distributed", "true",
        "strata.rootdir", dir.resolve("root").toUri().toString(),
        "strata.zookeeper.quorum", q.toString(),
        "strata.zookeeper.peerport", Integer.toString(BinStrata.freePort(zookeepers.get(0))),
        "strata.zookeeper.leaderport", Integer.toString(BinStrata.freePort(zookeepers.get(0))),
        "strata.zookeeper.data.dir", dir.resolve("zookeeper").toString(),
        "strata.master.port", Integer.toString(BinStrata.freePort("127.0.0.1")),
        "strata.master.info.port", "0",
        "strata.regionserver.port", Integer.toString(BinStrata.freePort(regionServers.get(0))),
        "strata.regionserver.info.port", "0"));
    all.putAll(site);
    StringBuilder xml = new StringBuilder("<configuration>\n");
    all.forEach((k, v) -> xml.append("  <property><name>").append(k).append("</name><value>")
        .append(v).append("</value></property>\n"));
    Files.writeString(conf.resolve("strata-site.xml"), xml.append("</configuration>\n"));
    Files.writeString(conf.resolve("regionservers"), String.join("\n", regionServers) + "\n");
    Files.writeString(conf.resolve("backup-masters"), String.join("\n", backupMasters) + "\n");
    Map<String, String> env = new HashMap<>(Map.of("STRATA_CONF_DIR", conf.toString(),
        "STRATA_LOG_DIR", dir.resolve("logs").toString(),
        "STRATA_PID_DIR", dir.resolve("pids").toString(),
        "STRATA_HEAPSIZE", "512m",
        "STRATA_OPTS", "-Dstrata.blockcache.l1.heap.fraction=0.05"));
    return new LauncherCluster(dir, q.toString(), env);
  }

  public Path dir() {
    return dir;
  }

  public String quorum() {
    return quorum;
  }

  /** The environment every {@code bin/strata} run of this cluster gets. */
  public Map<String, String> env() {
    return env;
  }

  /** A client's configuration for this cluster. */
  public StrataConfiguration clientConfiguration() {
    return StrataConfiguration.defaults().set("strata.zookeeper.quorum", quorum)
        .set("strata.client.operation.timeout", "60s");
  }

  /** {@code bin/strata ARGS} for this cluster. */
  public BinStrata.Run run(String... args) throws Exception {
    return BinStrata.run(dir, env, args);
  }

  public BinStrata.Running start(String... args) throws IOException {
    return BinStrata.start(dir, env, args);
  }

  /**
   * Copies the cluster's logs (and {@code more} files) to {@code target/failed-clusters/name},
   * which outlives the test's temporary directory: what a failed run in CI leaves to read.
   */
  public Path keepLogs(String name, Map<String, String> more) throws IOException {
    Path to = Path.of("target", "failed-clusters", name);
    Files.createDirectories(to);
    if (Files.isDirectory(dir.resolve("logs"))) {
      try (var logs = Files.list(dir.resolve("logs"))) {
        for (Path f : logs.toList()) {
          Files.copy(f, to.resolve(f.getFileName()),
              java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    for (Map.Entry<String, String> e : more.entrySet()) {
      Files.writeString(to.resolve(e.getKey()), e.getValue());
    }
    return to.toAbsolutePath();
  }

  /** Kills whatever daemon of this cluster is still running (a failed test's leftovers). */
  public void killLeftovers() throws IOException {
    BinStrata.killLeftovers(dir.resolve("pids"));
  }
}
