package io.strata.it.cluster;

import io.strata.common.conf.StrataConfiguration;
import java.nio.file.Path;

/** Configuration of test clusters: local root, every port ephemeral, small caches. */
final class ClusterTestSupport {
  private ClusterTestSupport() {}

  static StrataConfiguration conf(Path root) {
    return StrataConfiguration.defaults()
        .set("strata.rootdir", root.toUri().toString())
        .set("strata.zookeeper.quorum", "127.0.0.1:0")
        .set("strata.master.port", "0")
        .set("strata.regionserver.port", "0")
        .set("strata.blockcache.l1.heap.fraction", "0.05")
        .set("strata.regionserver.report.interval", "500ms")
        .set("strata.client.operation.timeout", "30s");
  }
}
