package io.strata.it.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.ClusterStatus;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.SplitAlgorithm;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/strata runs a cluster as an operator would: conf/regionservers and conf/backup-masters on
 * loopback aliases, a 3-member ZooKeeper ensemble, start, status, more region servers on this
 * machine, a graceful stop and reload of one server, and stop, which leaves no process behind.
 */
class ClusterLauncherTest {
  private static final TableName T = TableName.valueOf("t");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void startsGrowsDrainsAndStopsAClusterFromItsHostLists() throws Exception {
    LauncherCluster cluster = LauncherCluster.write(dir,
        List.of("127.0.0.2", "127.0.0.3", "127.0.0.4"),
        List.of("127.0.0.2", "# a comment", "127.0.0.3"), List.of("127.0.0.4"), Map.of());
    Map<String, String> env = cluster.env();
    StrataConfiguration client = cluster.clientConfiguration();
    try {
      BinStrata.Run start = BinStrata.run(dir, env, "start");
      assertEquals(0, start.exit(), start.out() + start.err());
      for (String daemon : List.of("zookeeper-127.0.0.2", "zookeeper-127.0.0.3",
          "zookeeper-127.0.0.4", "master", "regionserver-127.0.0.2", "regionserver-127.0.0.3",
          "master-127.0.0.4")) {
        assertTrue(start.out().contains("Strata " + daemon + " started (pid "), start.out());
      }
      assertTrue(start.out().contains("  regionserver=127.0.0.2:"), start.out());
      assertTrue(start.out().contains("  member=3\n"), start.out());
      BinStrata.Run status = BinStrata.run(dir, env, "status");
      assertEquals(0, status.exit(), status.out() + status.err());

      try (Connection conn = ConnectionFactory.createConnection(client);
          Admin admin = conn.getAdmin()) {
        MiniCluster.waitFor(() -> live(admin).size() == 2 && backups(admin) == 1,
            Duration.ofMinutes(1), "two region servers and a backup master");
        admin.createTable(TableDescriptor.newBuilder(T).setColumnFamily(
            ColumnFamilyDescriptor.of("f")).build(), SplitAlgorithm.HEX_STRING, 6);
        try (Table t = conn.getTable(T)) {
          for (int i = 0; i < 200; i++) {
            t.put(new Put(row(i)).addColumn(F, F, Bytes.toBytes(i)));
          }
        }
        // Two more region servers on this machine, with their own ports and logs.
        BinStrata.Run more = BinStrata.run(dir, env, "local-regionservers", "start", "2", "3");
        assertEquals(0, more.exit(), more.out() + more.err());
        assertTrue(more.out().contains(":17022\n") && more.out().contains(":17023\n"), more.out());
        assertTrue(Files.exists(dir.resolve("logs/strata-regionserver-2.log")));
        MiniCluster.waitFor(() -> live(admin).size() == 4, Duration.ofMinutes(1),
            "four region servers");
        BinStrata.Run bad = BinStrata.run(dir, env, "local-regionservers", "start", "12");
        assertEquals(2, bad.exit());
        assertTrue(bad.err().contains("offset '12' is not from 1 to 9"), bad.err());

        // A graceful stop moves the server's regions away before it stops; --reload brings
        // them back to the restarted server.
        int before = regionsOn(admin, "127.0.0.3");
        assertTrue(before > 0, "no region on 127.0.0.3 to move");
        BinStrata.Run drain = BinStrata.run(dir, env, "graceful_stop", "--reload", "127.0.0.3");
        assertEquals(0, drain.exit(), drain.out() + drain.err());
        assertTrue(drain.out().contains("Moved " + before + " of " + before + " region(s) off "
            + "127.0.0.3,"), drain.out());
        assertTrue(drain.out().contains("Moved " + before + " of " + before + " region(s) to "
            + "127.0.0.3,"), drain.out());
        assertEquals(before, regionsOn(admin, "127.0.0.3"));
        try (Table t = conn.getTable(T)) {
          for (int i = 0; i < 200; i++) {
            assertEquals(i, Bytes.toInt(t.get(new Get(row(i))).getValue(F, F)));
          }
        }
        BinStrata.Run less = BinStrata.run(dir, env, "local-regionservers", "stop", "2", "3");
        assertEquals(0, less.exit(), less.out() + less.err());
      }
      BinStrata.Run stop = BinStrata.run(dir, env, "stop");
      assertEquals(0, stop.exit(), stop.out() + stop.err());
      try (var pids = Files.list(dir.resolve("pids"))) {
        assertEquals(List.of(), pids.filter(p -> p.toString().endsWith(".pid")).toList());
      }
      assertEquals(3, BinStrata.run(dir, env, "status").exit());
    } finally {
      BinStrata.killLeftovers(dir.resolve("pids"));
    }
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("%08x", (int) ((i * 2654435761L) & 0xFFFFFFFFL)));
  }

  private static List<ClusterStatus.ServerLoad> live(Admin admin) {
    try {
      return admin.getClusterStatus().liveServers();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static int backups(Admin admin) {
    try {
      return admin.getClusterStatus().backupMasters().size();
    } catch (IOException e) {
      return -1;
    }
  }

  private static int regionsOn(Admin admin, String host) throws IOException {
    return admin.getClusterStatus().liveServers().stream()
        .filter(s -> s.server().host().equals(host)).mapToInt(ClusterStatus.ServerLoad::regions)
        .sum();
  }
}
