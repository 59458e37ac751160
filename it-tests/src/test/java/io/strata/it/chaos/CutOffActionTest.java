package io.strata.it.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import io.strata.it.hosts.HostCluster;
import io.strata.it.hosts.NetNamespaces;
import io.strata.it.minicluster.ClusterChecks;
import io.strata.it.minicluster.MiniCluster;
import io.strata.it.minicluster.SteadyWriter;
import io.strata.shell.chaos.ChaosMain;
import io.strata.shell.chaos.ClusterControl;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chaos monkey's cut-off action on hosts made of network namespaces: it takes a region
 * server's link down, sees the master declare it dead and its regions served by the others,
 * heals the link, and starts the server again once the cut-off one has stopped itself.
 */
class CutOffActionTest {
  private static final TableName T = TableName.valueOf("cutoff");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void cutsAHostOffHealsItAndBringsItsServerBack() throws Exception {
    assumeTrue(NetNamespaces.available(), "network namespaces need root and iproute2");
    try (NetNamespaces hosts = NetNamespaces.create("ca", 3);
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
        SteadyWriter writer = SteadyWriter.start(conn, T, F, 8);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int exit;
        try {
          writer.awaitMore(200, Duration.ofMinutes(1), "writes before the cut",
              e -> new AssertionError(e.getMessage() + "\n" + c.outputs(), e));
          exit = ChaosMain.run(new String[] {"--actions=cut-off", "--count=1", "--pause=0s"},
              c.clientConfiguration().set("strata.zookeeper.session.timeout", "4s"),
              control(c, hosts), new PrintStream(out, true, StandardCharsets.UTF_8),
              new PrintStream(out, true, StandardCharsets.UTF_8));
          writer.awaitMore(200, Duration.ofMinutes(1), "writes after the cut",
              e -> new AssertionError(e.getMessage() + "\n" + c.outputs(), e));
        } finally {
          writer.close();
        }
        String log = out.toString(StandardCharsets.UTF_8);
        assertEquals(0, exit, log + c.outputs());
        assertTrue(log.matches("(?s).* cut-off done: cut 10\\.77\\.\\d+\\.\\d+ off; .* declared "
            + "dead \\d+ ms later, its \\d+ region\\(s\\) served again after \\d+ ms; healed the "
            + "link and restarted the server.*"), log);
        assertTrue(log.contains("every server back: yes"), log);
        MiniCluster.waitFor(() -> ClusterChecks.liveServers(admin) == 2, Duration.ofMinutes(1),
            "both region servers again");
        assertTrue(writer.verify(conn) >= 400);
      }
    }
  }

  /** Kills and starts the test cluster's daemons by their host's address. */
  private static ClusterControl control(HostCluster c, NetNamespaces hosts) {
    return new ClusterControl() {
      private int index(String host) {
        for (int i = 0; i < 3; i++) {
          if (hosts.address(i).equals(host)) {
            return i;
          }
        }
        throw new IllegalArgumentException("no test host " + host);
      }

      @Override
      public void kill(Role role, String host) throws IOException {
        try {
          (role == Role.MASTER ? c.master(index(host)) : c.regionServer(index(host))).kill();
        } catch (InterruptedException e) {
          throw new java.io.InterruptedIOException();
        }
      }

      @Override
      public void start(Role role, String host) throws IOException {
        int i = index(host);
        if (role == Role.REGIONSERVER && c.regionServer(i).isAlive()) {
          throw new IOException("the old region server on " + host + " is still running");
        }
        try {
          if (role == Role.MASTER) {
            c.startMaster(i);
          } else {
            c.startRegionServer(i);
          }
        } catch (InterruptedException e) {
          throw new java.io.InterruptedIOException();
        }
      }

      @Override
      public void gracefulRestart(String host) throws IOException {
        try { // no region mover here: a clean stop, whose regions the master reopens, then a start
          c.regionServer(index(host)).stop();
          c.startRegionServer(index(host));
        } catch (InterruptedException e) {
          throw new java.io.InterruptedIOException();
        }
      }
    };
  }
}
