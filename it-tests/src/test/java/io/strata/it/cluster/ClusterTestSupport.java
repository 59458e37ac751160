package io.strata.it.cluster;

import io.strata.common.conf.StrataConfiguration;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;

/** Configuration of standalone test clusters: the mini cluster's, rooted at {@code root}. */
final class ClusterTestSupport {
  private ClusterTestSupport() {}

  static StrataConfiguration conf(Path root) {
    return MiniCluster.configurationAt(root);
  }
}
