package io.strata.it.minicluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.SplitAlgorithm;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The balancer switch: while off, neither {@code balance()} nor the periodic runs move a region,
 * and a new master keeps the switch where the old one left it.
 */
class BalancerSwitchTest {
  @TempDir
  Path dir;

  private static List<Integer> regionsPerServer(MiniCluster c) {
    return c.regionServers().stream().map(rs -> rs.onlineRegionNames().size()).toList();
  }

  @Test
  void anOffBalancerMovesNothingAndStaysOffUnderANewMaster() throws Exception {
    // A period short enough that a run that should not happen would have happened.
    try (MiniCluster c = MiniCluster.start(MiniCluster.configuration(dir)
        .set("strata.balancer.period", "200ms"), dir, 1)) {
      Connection conn = c.connect();
      Admin admin = conn.getAdmin();
      admin.createTable(TableDescriptor.newBuilder(TableName.valueOf("t"))
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(), SplitAlgorithm.HEX_STRING, 6);
      assertTrue(admin.isBalancerEnabled(), "on until switched");
      assertTrue(admin.balancerSwitch(false), "it was on");
      assertFalse(admin.isBalancerEnabled());
      assertFalse(admin.balancerSwitch(false), "it was off already");

      c.startRegionServer();
      MiniCluster.waitFor(() -> liveServers(admin) == 2, Duration.ofSeconds(30),
          "two live region servers");
      assertFalse(admin.balance(), "switched off: balance moves nothing");
      long runs = c.master().balancerRuns();
      MiniCluster.waitFor(() -> c.master().balancerRuns() >= runs + 5, Duration.ofSeconds(30),
          "five runs of the balancer chore while it is switched off");
      assertEquals(List.of(8, 0), regionsPerServer(c), "6 regions, meta and quota stay put");

      c.restartMaster();
      assertFalse(admin.isBalancerEnabled(), "the new master read the switch from ZooKeeper");
      assertFalse(admin.balance());
      assertEquals(List.of(8, 0), regionsPerServer(c));

      assertFalse(admin.balancerSwitch(true), "it was off");
      assertTrue(admin.isBalancerEnabled());
      MiniCluster.waitFor(() -> regionsPerServer(c).equals(List.of(4, 4)),
          Duration.ofSeconds(60), "the balancer chore to even out 8 regions over 2 servers");
    }
  }

  private static int liveServers(Admin admin) {
    try {
      return admin.getClusterStatus().liveServers().size();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
