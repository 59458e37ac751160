package io.strata.it.bench;

import io.strata.common.conf.StrataConfiguration;
import io.strata.server.launcher.StandaloneCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;

/**
 * A standalone cluster in the benchmark's JVM on ports of its own, in a temporary directory
 * that {@link #close()} removes with it.
 */
final class TempStandalone implements AutoCloseable {
  private final Path dir;
  private final StandaloneCluster cluster;

  private TempStandalone(Path dir, StandaloneCluster cluster) {
    this.dir = dir;
    this.cluster = cluster;
  }

  static TempStandalone start() throws Exception {
    Path dir = Files.createTempDirectory("strata-bench");
    StrataConfiguration conf = StrataConfiguration.defaults()
        .set("strata.rootdir", dir.toUri().toString())
        .set("strata.zookeeper.quorum", "127.0.0.1:0")
        .set("strata.master.port", "0").set("strata.regionserver.port", "0");
    return new TempStandalone(dir, StandaloneCluster.start(conf));
  }

  /** What a client of this cluster is configured with. */
  StrataConfiguration clientConfiguration() {
    return cluster.clientConfiguration();
  }

  @Override
  public void close() throws Exception {
    cluster.stop();
    try (var files = Files.walk(dir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
