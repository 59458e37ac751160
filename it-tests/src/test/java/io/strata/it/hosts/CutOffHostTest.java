package io.strata.it.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.SplitAlgorithm;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.ClusterChecks;
import io.strata.it.minicluster.SteadyWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A region server's host is cut off the network (its link down, in a network namespace): its
 * ZooKeeper session expires, the master reopens its regions on the other server and writes go
 * on there; once the link is back, the cut-off server finds its session gone and stops (it
 * never serves again), and every acknowledged write is there. Runs where the test is root.
 */
class CutOffHostTest {
  private static final TableName T = TableName.valueOf("cut");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void aServerCutOffLosesItsRegionsToTheOthersAndStops() throws Exception {
    assumeTrue(NetNamespaces.available(), "network namespaces need root and iproute2");
    try (NetNamespaces hosts = NetNamespaces.create("sc", 3);
        HostCluster c = HostCluster.start(hosts, dir.resolve("cluster"),
            dir.resolve("root").toUri().toString(), 1, 1, 0,
            List.of("-Dstrata.zookeeper.session.timeout=4s"))) {
      c.startRegionServer(1);
      c.startRegionServer(2);
      try (Connection conn = ConnectionFactory.createConnection(c.clientConfiguration());
          Admin admin = conn.getAdmin()) {
        c.waitFor(() -> ClusterChecks.liveServers(admin) == 2, Duration.ofMinutes(1),
            "two region servers");
        admin.createTable(TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor
            .of("f")).build(), SplitAlgorithm.HEX_STRING, 6);
        admin.balance();
        SteadyWriter writer = SteadyWriter.start(conn, T, F, 4);
        java.util.function.Function<AssertionError, AssertionError> explain =
            e -> new AssertionError(e.getMessage() + "\n" + c.outputs(), e);
        try {
          writer.awaitMore(300, Duration.ofMinutes(1), "writes before the cut", explain);
          assertTrue(regionsOn(admin, hosts.address(2)) > 0, "no region on the host to cut");
          hosts.cut(2);
          c.waitFor(() -> ClusterChecks.liveServers(admin) == 1
              && regionsOn(admin, hosts.address(1)) >= 6,
              Duration.ofMinutes(1), "the other server to take over every region");
          writer.awaitMore(300, Duration.ofMinutes(1), "writes after the cut", explain);
          hosts.heal(2);
          c.waitFor(() -> !c.regionServer(2).isAlive(), Duration.ofMinutes(1),
              "the cut-off server to find its session expired and stop");
          assertTrue(c.regionServer(2).output().contains("stopped on its own"),
              c.regionServer(2).output());
          writer.awaitMore(100, Duration.ofMinutes(1), "writes after the heal", explain);
        } finally {
          writer.close();
        }
        assertEquals(1, ClusterChecks.liveServers(admin));
        int seen = writer.verify(conn);
        assertFalse(seen < 700, "only " + seen + " rows");
      }
    }
  }

  private static int regionsOn(Admin admin, String host) {
    try {
      return admin.getClusterStatus().liveServers().stream()
          .filter(s -> s.server().host().equals(host))
          .flatMap(s -> s.regionLoads().stream())
          .filter(l -> l.region().getTable().equals(T)).mapToInt(l -> 1).sum();
    } catch (Exception e) {
      return -1;
    }
  }
}
