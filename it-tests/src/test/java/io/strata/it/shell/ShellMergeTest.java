package io.strata.it.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableName;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** merge_region merges regions named one by one or in a list, as HBase's shell does. */
class ShellMergeTest {
  @TempDir
  Path dir;

  @Test
  void mergeRegionMergesAdjacentRegions() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1); Connection conn = cluster.connect();
        Admin admin = conn.getAdmin()) {
      ShellRunner shell = new ShellRunner(cluster.configuration());
      assertEquals(0, shell.execute("create 't', 'f', SPLITS => ['b', 'd', 'f']").status());
      TableName t = TableName.valueOf("t");
      List<RegionInfo> r = admin.getRegions(t);
      ShellRunner.Outcome two = shell.execute("merge_region '" + r.get(0).getEncodedName()
          + "', '" + r.get(1).getEncodedName() + "', true");
      assertEquals(new ShellRunner.Outcome(0, "Took T seconds\n", ""), two);
      assertEquals(3, admin.getRegions(t).size());
      ShellRunner.Outcome list = shell.execute("merge_region ['" + r.get(2).getEncodedName()
          + "', '" + r.get(3).getRegionNameAsString() + "']");
      assertEquals(0, list.status(), list.err());
      assertEquals(2, admin.getRegions(t).size());
      ShellRunner.Outcome one = shell.execute("merge_region '"
          + admin.getRegions(t).get(0).getEncodedName() + "'");
      assertEquals(1, one.status());
      assertTrue(one.err().startsWith("ERROR: merge_region needs two or more regions, got 1"),
          one.err());
    }
  }
}
