package io.strata.it.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.ClusterChecks;
import io.strata.it.minicluster.MiniCluster;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/strata start reaches a host that is not this machine over ssh: the region server listed in
 * conf/regionservers is a network namespace running an sshd of the test's own (root, a key the
 * test makes), so the start, the status and the stop go through ssh as on a real cluster.
 * Runs where the test is root and OpenSSH's server is installed (.ci/run installs it).
 */
class ClusterOverSshTest {
  private static final Path SSHD = Path.of("/usr/sbin/sshd");

  @TempDir
  Path dir;

  @Test
  void startStatusAndStopReachAnotherHostOverSsh() throws Exception {
    assumeTrue(NetNamespaces.available() && Files.isExecutable(SSHD),
        "needs root, iproute2 and /usr/sbin/sshd");
    try (NetNamespaces hosts = NetNamespaces.create("ss", 1)) {
      Process sshd = startSshd(hosts);
      Map<String, String> env = new HashMap<>();
      try {
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Files.copy(BinStrata.ROOT.resolve("conf/log4j2.xml"), conf.resolve("log4j2.xml"));
        String here = hosts.testAddress();
        String there = hosts.address(0);
        String quorum = here + ":" + BinStrata.freePort(here);
        Files.writeString(conf.resolve("strata-site.xml"), "<configuration>\n"
            + property("strata.cluster.distributed", "true")
            + property("strata.rootdir", dir.resolve("root").toUri().toString())
            + property("strata.zookeeper.quorum", quorum)
            + property("strata.zookeeper.data.dir", dir.resolve("zookeeper").toString())
            + property("strata.master.hostname", here)
            + property("strata.master.port", Integer.toString(BinStrata.freePort(here)))
            + property("strata.master.info.port", "0")
            + property("strata.regionserver.info.port", "0")
            + "</configuration>\n");
        Files.writeString(conf.resolve("regionservers"), there + "\n");
        env.putAll(Map.of("STRATA_CONF_DIR", conf.toString(),
            "STRATA_LOG_DIR", dir.resolve("logs").toString(),
            "STRATA_PID_DIR", dir.resolve("pids").toString(),
            "STRATA_HEAPSIZE", "256m",
            "STRATA_SSH_OPTS", "-i " + dir.resolve("id") + " -o StrictHostKeyChecking=no"
                + " -o UserKnownHostsFile=/dev/null -o BatchMode=yes -o LogLevel=ERROR"
                + " -o ConnectTimeout=10"));
        String start = run(env, "start");
        assertTrue(start.contains(there + ": bin/strata regionserver start"), start);
        assertTrue(start.contains(there + ": Strata regionserver started (pid "), start);
        assertTrue(start.contains(there + ":   regionserver=" + there + ":"), start);
        String status = run(env, "status");
        assertTrue(status.contains(there + ": Strata regionserver is running"), status);

        StrataConfiguration client = StrataConfiguration.defaults()
            .set("strata.zookeeper.quorum", quorum);
        try (Connection conn = ConnectionFactory.createConnection(client);
            Admin admin = conn.getAdmin()) {
          MiniCluster.waitFor(() -> ClusterChecks.liveServers(admin) == 1,
              Duration.ofMinutes(1), "the region server over ssh to register");
          TableName t = TableName.valueOf("remote");
          admin.createTable(TableDescriptor.newBuilder(t)
              .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
          assertEquals(there, admin.getRegionLocation(admin.getRegions(t).get(0)
              .getEncodedName()).server().host());
          try (Table table = conn.getTable(t)) {
            byte[] f = Bytes.toBytes("f");
            table.put(new Put(Bytes.toBytes("r")).addColumn(f, f, Bytes.toBytes("v")));
            assertEquals("v", Bytes.toString(table.get(new Get(Bytes.toBytes("r")))
                .getValue(f, f)));
          }
        }
        String stop = run(env, "stop");
        assertTrue(stop.contains(there + ": Strata regionserver stopped"), stop);
        try (var pids = Files.list(dir.resolve("pids"))) {
          assertEquals(List.of(), pids.filter(p -> p.toString().endsWith(".pid")).toList());
        }
      } finally {
        BinStrata.killLeftovers(dir.resolve("pids"));
        sshd.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
    }
  }

  /** An sshd in host 0 taking root with the test's key only. */
  private Process startSshd(NetNamespaces hosts) throws Exception {
    exec("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("id").toString());
    exec("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", dir.resolve("host").toString());
    Files.copy(dir.resolve("id.pub"), dir.resolve("authorized_keys"));
    Files.createDirectories(Path.of("/run/sshd")); // its privilege separation directory
    Files.writeString(dir.resolve("sshd_config"), String.join("\n",
        "ListenAddress " + hosts.address(0), "Port 22", "HostKey " + dir.resolve("host"),
        "PermitRootLogin prohibit-password", "PasswordAuthentication no", "UsePAM no",
        "StrictModes no", "AuthorizedKeysFile " + dir.resolve("authorized_keys"),
        "PidFile " + dir.resolve("sshd.pid")) + "\n");
    List<String> cmd = new ArrayList<>(hosts.runOn(0));
    cmd.addAll(List.of(SSHD.toString(), "-D", "-e", "-f", dir.resolve("sshd_config").toString()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(dir.resolve("sshd.out").toFile()).start();
    MiniCluster.waitFor(() -> {
      if (!p.isAlive()) {
        throw new AssertionError("sshd died: " + read(dir.resolve("sshd.out")));
      }
      try (java.net.Socket s = new java.net.Socket()) {
        s.connect(new InetSocketAddress(hosts.address(0), 22), 1000);
        return true;
      } catch (java.io.IOException notYet) {
        return false;
      }
    }, Duration.ofSeconds(30), "sshd to listen");
    return p;
  }

  /** bin/strata ARGS, which must succeed; what it printed. */
  private String run(Map<String, String> env, String... args) throws Exception {
    BinStrata.Run r = BinStrata.run(dir, env, args);
    assertEquals(0, r.exit(), "bin/strata " + String.join(" ", args) + ":\n" + r.out() + r.err());
    return r.out() + r.err();
  }

  private static void exec(String... cmd) throws Exception {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new AssertionError(String.join(" ", cmd) + " failed: " + out);
    }
  }

  private static String property(String name, String value) {
    return "  <property><name>" + name + "</name><value>" + value + "</value></property>\n";
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (java.io.IOException e) {
      return "(" + e + ")";
    }
  }
}
