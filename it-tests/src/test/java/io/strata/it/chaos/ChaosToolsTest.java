package io.strata.it.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.schema.TableName;
import io.strata.it.hosts.BinStrata;
import io.strata.it.hosts.LauncherCluster;
import io.strata.it.minicluster.ClusterChecks;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recovery tools as a user runs them, through bin/strata, against a cluster bin/strata
 * started on loopback aliases (3 region servers, a master and a backup): {@code mttr}, each
 * {@code chaos} action on its own, and a short chaos run with {@code itbll} and {@code acid}
 * alongside, which must end with nothing lost, no torn read and every server back.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ChaosToolsTest {
  private static final TableName MTTR = TableName.valueOf("mttr");

  private LauncherCluster cluster;
  private Connection conn;
  private Admin admin;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    cluster = LauncherCluster.write(dir, List.of("127.0.0.2"),
        List.of("127.0.0.2", "127.0.0.3", "127.0.0.4"), List.of("127.0.0.5"),
        Map.of("strata.zookeeper.session.timeout", "6s"));
    BinStrata.Run start = cluster.run("start");
    assertEquals(0, start.exit(), start.out() + start.err());
    conn = ConnectionFactory.createConnection(cluster.clientConfiguration());
    admin = conn.getAdmin();
    MiniCluster.waitFor(() -> ClusterChecks.liveServers(admin) == 3 && backups() == 1,
        Duration.ofMinutes(1), "three region servers and a backup master");
  }

  @AfterAll
  void stop() throws Exception {
    try {
      if (conn != null) {
        admin.close();
        conn.close();
      }
      if (cluster == null) {
        return;
      }
      BinStrata.Run stop = cluster.run("stop");
      assertEquals(0, stop.exit(), stop.out() + stop.err());
    } finally {
      if (cluster != null) {
        cluster.killLeftovers();
      }
    }
  }

  private int backups() {
    try {
      return admin.getClusterStatus().backupMasters().size();
    } catch (Exception e) {
      return -1;
    }
  }

  @Test
  @Order(1)
  void mttrKillsUnderLoadAndLosesNothing() throws Exception {
    BinStrata.Run r = cluster.run("mttr", "--kills=2", "--rows=3000", "--regions=6",
        "--settle=2s");
    assertEquals(0, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("created mttr with 6 regions and 3000 rows"), r.out());
    assertTrue(r.out().matches("(?s).*kill 1/2: .* held \\d+ region\\(s\\); every one served "
        + "again after .*kill 2/2: .*"), r.out());
    assertTrue(r.out().contains("MTTR (kill -9 to every region serving) over 2 kills: median "),
        r.out());
    assertTrue(r.out().matches("(?s).*acknowledged writes read back: [1-9]\\d*, lost: 0; "
        + "reads of loaded rows that found nothing: 0;.*"), r.out());
    MiniCluster.waitFor(() -> ClusterChecks.liveServers(admin) == 3, Duration.ofMinutes(1),
        "the three region servers after mttr");
  }

  @Test
  @Order(2)
  void eachChaosActionWorksOnItsOwn() throws Exception {
    for (String action : List.of("flush", "compact", "move-region", "split-region",
        "merge-regions", "kill-regionserver", "graceful-restart", "kill-master")) {
      int regionsBefore = ClusterChecks.regions(admin, MTTR);
      BinStrata.Run r = cluster.run("chaos", "--actions=" + action, "--count=1", "--pause=0s",
          "--seed=7");
      assertEquals(0, r.exit(), action + ":\n" + r.out() + r.err());
      assertTrue(r.out().contains(" " + action + " done: "), action + ":\n" + r.out());
      assertTrue(r.out().contains("every server back: yes"), action + ":\n" + r.out());
      switch (action) {
        case "split-region" -> MiniCluster.waitFor(() -> ClusterChecks.regions(admin, MTTR)
            == regionsBefore + 1, Duration.ofMinutes(1), "one more region after the split");
        case "merge-regions" -> MiniCluster.waitFor(() -> ClusterChecks.regions(admin, MTTR)
            == regionsBefore - 1, Duration.ofMinutes(1), "one region less after the merge");
        case "kill-regionserver" -> assertTrue(r.out().contains("(kill -9); its "), r.out());
        case "kill-master" -> assertTrue(r.out().contains("a backup master took over"),
            r.out());
        default -> { }
      }
    }
    java.util.TreeMap<String, byte[]> rows = ClusterChecks.scanInOrder(conn, MTTR,
        io.strata.common.util.Bytes.toBytes("f"), io.strata.common.util.Bytes.toBytes("q"));
    assertEquals(3000, rows.subMap("row", "rox").size(), "the 3000 loaded rows");
  }

  @Test
  @Order(3)
  void shortChaosRunLosesNoNodeAndTearsNoRow() throws Exception {
    BinStrata.Running generate = cluster.start("itbll", "generate", "--nodes=40000",
        "--width=500", "--threads=2", "--regions=6", "--seed=3");
    BinStrata.Running acid = cluster.start("acid", "--duration=3m", "--writers=2",
        "--getters=1", "--scanners=1", "--seed=3");
    BinStrata.Running chaos = cluster.start("chaos", "--policy=fast", "--duration=3m",
        "--seed=3");
    BinStrata.Run chaosRun = chaos.await(Duration.ofMinutes(12));
    BinStrata.Run generated = generate.await(Duration.ofMinutes(10));
    BinStrata.Run acidRun = acid.await(Duration.ofMinutes(5));
    BinStrata.Run verify = cluster.run("itbll", "verify", "--expect=40000");
    try {
      assertEquals(0, chaosRun.exit(), chaosRun.out() + chaosRun.err());
      assertTrue(chaosRun.out().contains("every server back: yes"), chaosRun.out());
      assertEquals(0, generated.exit(), generated.out() + generated.err());
      assertEquals(0, acidRun.exit(), acidRun.out() + acidRun.err());
      assertTrue(acidRun.out().contains("torn reads: 0"), acidRun.out());
      assertEquals(0, verify.exit(), verify.out() + verify.err());
      assertTrue(verify.out().contains("REFERENCED=40000\n"), verify.out());
      assertTrue(verify.out().contains("UNDEFINED=0\n"), verify.out());
    } catch (AssertionError e) {
      Path kept = cluster.keepLogs("ChaosToolsTest", Map.of(
          "chaos.out", chaosRun.out() + chaosRun.err(),
          "itbll-generate.out", generated.out() + generated.err(),
          "acid.out", acidRun.out() + acidRun.err(),
          "itbll-verify.out", verify.out() + verify.err()));
      throw new AssertionError(e.getMessage() + "\n(the cluster's logs are in " + kept + ")", e);
    }
  }
}
