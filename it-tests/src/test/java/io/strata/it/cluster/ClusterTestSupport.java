package io.strata.it.cluster;

import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;

/** What the standalone cluster tests share: the mini cluster's configuration, and tables. */
final class ClusterTestSupport {
  private ClusterTestSupport() {}

  static StrataConfiguration conf(Path root) {
    return MiniCluster.configurationAt(root);
  }

  /** A table with the given families, every setting at its default. */
  static TableDescriptor table(String name, String... families) {
    TableDescriptor.Builder b = TableDescriptor.newBuilder(TableName.valueOf(name));
    for (String f : families) {
      b.setColumnFamily(ColumnFamilyDescriptor.of(f));
    }
    return b.build();
  }
}
