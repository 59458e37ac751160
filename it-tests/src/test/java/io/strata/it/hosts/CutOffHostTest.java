package io.strata.it.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.SplitAlgorithm;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.ClusterChecks;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
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

  private static byte[] row(int i) {
    return ClusterChecks.row(i);
  }

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
        ConcurrentSkipListSet<Integer> acked = new ConcurrentSkipListSet<>();
        AtomicInteger next = new AtomicInteger();
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = new Thread(() -> {
          try (Table t = conn.getTable(T)) {
            while (!stop.get()) {
              int i = next.getAndIncrement();
              try {
                t.put(new Put(row(i)).addColumn(F, F, Bytes.toBytes(i)));
                acked.add(i);
              } catch (Exception e) {
                // not acknowledged
              }
            }
          } catch (Exception e) {
            throw new AssertionError(e);
          }
        }, "writer");
        writer.start();
        try {
          c.waitFor(() -> acked.size() >= 300, Duration.ofMinutes(1), "writes before the cut");
          assertTrue(regionsOn(admin, hosts.address(2)) > 0, "no region on the host to cut");
          hosts.cut(2);
          c.waitFor(() -> ClusterChecks.liveServers(admin) == 1
              && regionsOn(admin, hosts.address(1)) >= 6,
              Duration.ofMinutes(1), "the other server to take over every region");
          int after = acked.size();
          c.waitFor(() -> acked.size() >= after + 300, Duration.ofMinutes(1),
              "writes after the cut");
          hosts.heal(2);
          c.waitFor(() -> !c.regionServer(2).isAlive(), Duration.ofMinutes(1),
              "the cut-off server to find its session expired and stop");
          assertTrue(c.regionServer(2).output().contains("stopped on its own"),
              c.regionServer(2).output());
          int healed = acked.size();
          c.waitFor(() -> acked.size() >= healed + 100, Duration.ofMinutes(1),
              "writes after the heal");
        } finally {
          stop.set(true);
          writer.join(120_000);
        }
        assertEquals(1, ClusterChecks.liveServers(admin));
        int seen = 0;
        try (Table t = conn.getTable(T); ResultScanner s = t.getScanner(new Scan())) {
          java.util.Map<String, Integer> byRow = new java.util.HashMap<>();
          for (int i = 0; i < next.get(); i++) {
            byRow.put(Bytes.toString(row(i)), i);
          }
          for (Result r : s) {
            Integer i = byRow.get(Bytes.toString(r.getRow()));
            assertTrue(i != null, "a row nobody wrote");
            assertEquals(i, Bytes.toInt(r.getValue(F, F)));
            acked.remove(i);
            seen++;
          }
        }
        assertEquals(List.of(), List.copyOf(acked), "acknowledged writes missing");
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
