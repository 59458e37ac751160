package io.strata.it.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.ClusterStatus;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.SplitAlgorithm;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.coordination.ZNodes;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.hosts.HostCluster;
import io.strata.it.minicluster.ClusterChecks;
import io.strata.it.minicluster.SteadyWriter;
import io.strata.server.coordination.ZkSession;
import io.strata.server.fs.StorageFileSystems;
import io.strata.server.security.ClusterSecret;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A region server's death is noticed without waiting for its ZooKeeper session to expire: the
 * sessions here last 60 s, and recovery must be over well before. Real processes on loopback
 * aliases; every acknowledged write is read back.
 */
class DeathNoticeTest {
  private static final TableName T = TableName.valueOf("notice");
  private static final byte[] F = Bytes.toBytes("f");
  /** Far longer than the waits below: only the immediate notice can meet them. */
  private static final List<String> LONG_SESSIONS =
      List.of("-Dstrata.zookeeper.session.timeout=60s");

  @TempDir
  Path dir;

  @Test
  void killedServerIsDeclaredDeadAtOnceAndTheLiveServersSplitItsWals() throws Exception {
    try (HostCluster c = HostCluster.start(dir.resolve("cluster"), root(), 1, 1, 3,
        LONG_SESSIONS);
        Connection conn = ConnectionFactory.createConnection(c.clientConfiguration());
        Admin admin = conn.getAdmin()) {
      prepare(c, admin, 3);
      ServerName victim = server(admin, HostCluster.host(1));
      SteadyWriter writer = SteadyWriter.start(conn, T, F, 16);
      Function<AssertionError, AssertionError> explain =
          e -> new AssertionError(e.getMessage() + "\n" + c.outputs(), e);
      try {
        for (int roll = 0; roll < 3; roll++) { // several WAL files, to be split in parallel
          writer.awaitMore(200, Duration.ofMinutes(1), "writes before roll " + roll, explain);
          admin.rollWALWriter(victim);
        }
        writer.awaitMore(200, Duration.ofMinutes(1), "writes before the kill", explain);
        c.regionServer(1).kill();
        c.waitFor(() -> ClusterChecks.liveServers(admin) == 2 && servedBy(admin, 2) == 12,
            Duration.ofSeconds(30), "the two live servers to serve all 12 regions");
        writer.awaitMore(200, Duration.ofMinutes(1), "writes after the kill", explain);
      } finally {
        writer.close();
      }
      String master = c.master(0).output();
      assertTrue(master.contains("region server " + victim + " is gone: its connection closed "
          + "and its port refuses connections"), master);
      assertTrue(master.matches("(?s).*split \\d+ WAL file\\(s\\) of dead server " + victim
          .toString().replace(".", "\\.") + " on 2 server\\(s\\).*"), master);
      for (int i : new int[] {0, 2}) {
        String out = c.regionServer(i).output();
        assertTrue(out.contains("of dead server " + victim + " for the master"), out);
      }
      assertTrue(writer.verify(conn) >= 1000);
    }
  }

  @Test
  void serverDeclaredDeadByItsZnodesDeletionAborts() throws Exception {
    try (HostCluster c = HostCluster.start(dir.resolve("cluster"), root(), 1, 1, 2,
        LONG_SESSIONS);
        Connection conn = ConnectionFactory.createConnection(c.clientConfiguration());
        Admin admin = conn.getAdmin()) {
      prepare(c, admin, 2);
      ServerName victim = server(admin, HostCluster.host(1));
      SteadyWriter writer = SteadyWriter.start(conn, T, F, 16);
      Function<AssertionError, AssertionError> explain =
          e -> new AssertionError(e.getMessage() + "\n" + c.outputs(), e);
      try {
        writer.awaitMore(300, Duration.ofMinutes(1), "writes before", explain);
        // What the master does on its own when a server's port refuses connections.
        org.apache.hadoop.fs.Path rootPath = new org.apache.hadoop.fs.Path(root());
        ClusterSecret secret = ClusterSecret.loadOrCreate(StorageFileSystems.forPath(rootPath,
            StorageFileSystems.toHadoop(StrataConfiguration.defaults())), rootPath);
        try (ZkSession zk = new ZkSession(c.quorum(), Duration.ofSeconds(10),
            Duration.ofSeconds(10), secret)) {
          zk.deleteIfExists(ZNodes.regionServer(victim));
        }
        c.waitFor(() -> !c.regionServer(1).isAlive(), Duration.ofSeconds(30),
            "the server declared dead to abort");
        assertTrue(c.regionServer(1).output().contains("was declared dead by the master"),
            c.regionServer(1).output());
        c.waitFor(() -> servedBy(admin, 1) == 12, Duration.ofSeconds(30),
            "the other server to serve all 12 regions");
        writer.awaitMore(300, Duration.ofMinutes(1), "writes after", explain);
      } finally {
        writer.close();
      }
      assertTrue(writer.verify(conn) >= 600);
    }
  }

  private String root() {
    return dir.resolve("root").toUri().toString();
  }

  private static void prepare(HostCluster c, Admin admin, int servers) throws Exception {
    c.waitFor(() -> ClusterChecks.liveServers(admin) == servers, Duration.ofMinutes(1),
        servers + " region servers");
    admin.createTable(TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor
        .of("f")).build(), SplitAlgorithm.HEX_STRING, 12);
    admin.balance();
    c.waitFor(() -> server(admin, HostCluster.host(1)) != null
        && regionsOn(admin, HostCluster.host(1)) > 0, Duration.ofMinutes(1),
        "regions on the server to kill");
  }

  private static ServerName server(Admin admin, String host) {
    try {
      for (ClusterStatus.ServerLoad s : admin.getClusterStatus().liveServers()) {
        if (s.server().host().equals(host)) {
          return s.server();
        }
      }
    } catch (Exception e) {
      // not answering yet
    }
    return null;
  }

  private static int regionsOn(Admin admin, String host) {
    try {
      return (int) admin.getClusterStatus().liveServers().stream()
          .filter(s -> s.server().host().equals(host))
          .flatMap(s -> s.regionLoads().stream())
          .filter(l -> l.region().getTable().equals(T)).count();
    } catch (Exception e) {
      return -1;
    }
  }

  /** Regions of the table open on live servers, when exactly {@code servers} are live. */
  private static int servedBy(Admin admin, int servers) {
    try {
      ClusterStatus st = admin.getClusterStatus();
      if (st.liveServers().size() != servers) {
        return -1;
      }
      return (int) st.liveServers().stream().flatMap(s -> s.regionLoads().stream())
          .filter(l -> l.region().getTable().equals(T)).count();
    } catch (Exception e) {
      return -1;
    }
  }
}
