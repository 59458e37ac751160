package io.strata.it.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.it.minicluster.MiniCluster;
import io.strata.it.shell.ShellRunner.Outcome;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** set_quota and list_quotas as HBase's shell has them, output and errors line for line. */
class ShellQuotasTest {
  @TempDir
  Path dir;

  private static String list(String... rows) {
    StringBuilder sb = new StringBuilder(String.format("%-28s %s%n", "OWNER", "QUOTAS"));
    for (int i = 0; i < rows.length; i += 2) {
      sb.append(String.format("%-28s %s%n", " " + rows[i], rows[i + 1]));
    }
    return sb.append(rows.length / 2).append(" row(s)\n").toString();
  }

  @Test
  void quotasAreSetListedAndRemoved() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      ShellRunner shell = new ShellRunner(cluster.configuration());
      Outcome set = shell.execute("create 't1', 'f'; "
          + "set_quota TYPE => THROTTLE, USER => 'u1', LIMIT => '10req/sec'; "
          + "set_quota TYPE => THROTTLE, THROTTLE_TYPE => READ, USER => 'u1', LIMIT => '10M/sec'; "
          + "set_quota TYPE => THROTTLE, THROTTLE_TYPE => WRITE, TABLE => 't1', "
          + "LIMIT => '10CU/min'; "
          + "set_quota TYPE => THROTTLE, USER => 'u2', NAMESPACE => 'default', "
          + "SCOPE => MACHINE, LIMIT => '5req/hour'; "
          + "set_quota TYPE => THROTTLE, REGIONSERVER => 'all', LIMIT => '30000req/sec'; "
          + "set_quota USER => 'etl', GLOBAL_BYPASS => true");
      assertEquals("", set.err());
      assertEquals(0, set.status());

      Outcome all = shell.execute("list_quotas");
      assertEquals("", all.err());
      assertEquals(list(
          "REGIONSERVER => all", "TYPE => THROTTLE, THROTTLE_TYPE => REQUEST_NUMBER, LIMIT =>"
              + " 30000req/sec, SCOPE => MACHINE",
          "TABLE => t1", "TYPE => THROTTLE, THROTTLE_TYPE => WRITE_CAPACITY_UNIT, LIMIT =>"
              + " 10CU/min, SCOPE => CLUSTER",
          "USER => etl", "GLOBAL_BYPASS => true",
          "USER => u1", "TYPE => THROTTLE, THROTTLE_TYPE => READ_SIZE, LIMIT => 10M/sec, SCOPE"
              + " => CLUSTER",
          "USER => u1", "TYPE => THROTTLE, THROTTLE_TYPE => REQUEST_NUMBER, LIMIT =>"
              + " 10req/sec, SCOPE => CLUSTER",
          "USER => u2, NAMESPACE => default", "TYPE => THROTTLE, THROTTLE_TYPE =>"
              + " REQUEST_NUMBER, LIMIT => 5req/hour, SCOPE => MACHINE")
          + "Took T seconds\n", all.out());

      assertEquals(list("USER => u2, NAMESPACE => default", "TYPE => THROTTLE, THROTTLE_TYPE"
          + " => REQUEST_NUMBER, LIMIT => 5req/hour, SCOPE => MACHINE") + "Took T seconds\n",
          shell.execute("list_quotas NAMESPACE => 'def.*'").out());

      Outcome switches = shell.execute("disable_rpc_throttle; enable_rpc_throttle;"
          + " enable_exceed_throttle_quota; disable_exceed_throttle_quota");
      assertEquals("", switches.err());
      assertEquals("Previous rpc throttle state : true\nTook T seconds\n"
          + "Previous rpc throttle state : false\nTook T seconds\n"
          + "Previous exceed throttle quota enabled : false\nTook T seconds\n"
          + "Previous exceed throttle quota enabled : true\nTook T seconds\n", switches.out());

      Outcome removed = shell.execute("set_quota TYPE => THROTTLE, USER => 'u1', LIMIT => NONE;"
          + " set_quota TYPE => THROTTLE, THROTTLE_TYPE => READ, USER => 'u1', LIMIT => NONE;"
          + " list_quotas USER => 'u1'");
      assertEquals("", removed.err());
      assertTrue(removed.out().endsWith(list() + "Took T seconds\n"), removed.out());
    }
  }

  private static String snapshots(String... rows) {
    String row = "%-28s %-14s %-14s %-13s %s%n";
    StringBuilder sb = new StringBuilder(String.format(row, "TABLE", "USAGE", "LIMIT",
        "IN_VIOLATION", "POLICY"));
    for (int i = 0; i < rows.length; i += 5) {
      sb.append(String.format(row, " " + rows[i], rows[i + 1], rows[i + 2], rows[i + 3],
          rows[i + 4]));
    }
    return sb.append(rows.length / 5).append(" row(s)\n").toString();
  }

  @Test
  void spaceQuotasAreSetListedAndJudged() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      ShellRunner shell = new ShellRunner(cluster.configuration());
      Outcome set = shell.execute("create 't1', 'f'; create 't2', 'f'; "
          + "set_quota TYPE => SPACE, TABLE => 't1', LIMIT => '1G', POLICY => NO_INSERTS; "
          + "set_quota TYPE => SPACE, NAMESPACE => 'default', LIMIT => '10G', POLICY =>"
          + " DISABLE");
      assertEquals("", set.err());

      assertEquals(list("NAMESPACE => default", "TYPE => SPACE, LIMIT => 10G, VIOLATION_POLICY"
          + " => DISABLE", "TABLE => t1", "TYPE => SPACE, LIMIT => 1G, VIOLATION_POLICY =>"
          + " NO_INSERTS") + "Took T seconds\n", shell.execute("list_quotas").out());
      assertEquals(String.format("%-28s %s%n%-28s %d%n%-28s %d%n2 row(s)%n", "TABLE", "SIZE",
          " t1", 0, " t2", 0) + "Took T seconds\n",
          shell.execute("list_quota_table_sizes").out());
      // t1 by its own limit; t2 by its namespace's
      String both = snapshots("t1", "0", "1073741824", "false", "None",
          "t2", "0", "10737418240", "false", "None");
      assertEquals(both + "Took T seconds\n", shell.execute("list_quota_snapshots").out());
      assertEquals(snapshots("t2", "0", "10737418240", "false", "None") + "Took T seconds\n",
          shell.execute("list_quota_snapshots TABLE => 't2'").out());
      assertEquals(snapshots() + "Took T seconds\n",
          shell.execute("list_quota_snapshots NAMESPACE => 'ns1'").out());
      assertEquals(both + "Took T seconds\n", shell.execute("list_quota_snapshots"
          + " REGIONSERVER => '" + cluster.regionServer(0).serverName() + "'").out());

      Outcome removed = shell.execute("set_quota TYPE => SPACE, TABLE => 't1', LIMIT => NONE; "
          + "set_quota TYPE => SPACE, NAMESPACE => 'default', LIMIT => NONE; list_quotas; "
          + "list_quota_snapshots");
      assertEquals("", removed.err());
      assertEquals("Took T seconds\nTook T seconds\n" + list() + "Took T seconds\n"
          + snapshots() + "Took T seconds\n", removed.out());
    }
  }

  @Test
  void badSettingsAreRefusedNamingTheForms() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      ShellRunner shell = new ShellRunner(cluster.configuration());
      assertError(shell, "set_quota TYPE => THROTTLE, USER => 'u1', LIMIT => '10 apples/sec'",
          "throttle limit '10 apples/sec' is not one of <number>req/<time unit> (such as"
              + " 100req/sec), <number><size unit>/<time unit> (such as 10M/sec; size units B,"
              + " K, M, G, T, P) or <number>CU/<time unit> (such as 10CU/min); time units sec,"
              + " min, hour, day");
      assertError(shell, "set_quota TYPE => THROTTLE, USER => 'u1', LIMIT => '-5req/sec'",
          "throttle limit '-5req/sec' is negative");
      assertError(shell, "set_quota TYPE => THROTTLE, LIMIT => '5req/sec'",
          "set_quota needs a target: USER => 'u1', TABLE => 't1', NAMESPACE => 'ns1', USER"
              + " with TABLE or NAMESPACE, or REGIONSERVER => 'all'");
      assertError(shell, "set_quota TYPE => THROTTLE, USER => 'u1'",
          "set_quota TYPE => THROTTLE needs LIMIT => '<n>req/sec'");
      assertError(shell, "set_quota TYPE => THROTTLE, THROTTLE_TYPE => READS, USER => 'u1',"
          + " LIMIT => '5req/sec'", "THROTTLE_TYPE => READS is not one of READ, WRITE,"
          + " REQUEST_NUMBER, REQUEST_SIZE, REQUEST_CAPACITY_UNIT");
      assertError(shell, "set_quota TYPE => THROTTLE, THROTTLE_TYPE => REQUEST_SIZE, USER =>"
          + " 'u1', LIMIT => '5req/sec'", "THROTTLE_TYPE => REQUEST_SIZE takes a limit in"
          + " bytes, not 5req/sec");
      assertError(shell, "set_quota TYPE => THROTTLE, USER => 'u1', LIMITS => '5req/sec'",
          "set_quota does not take LIMITS");
      assertError(shell, "set_quota TYPE => FOO, USER => 'u1', LIMIT => '5req/sec'",
          "TYPE => FOO is not one of THROTTLE, SPACE");
      assertError(shell, "set_quota TYPE => THROTTLE, USER => 'u1', LIMIT => '5req/sec',"
          + " POLICY => NO_INSERTS", "POLICY is for TYPE => SPACE; a throttle takes LIMIT"
          + " alone");
      assertError(shell, "set_quota TYPE => SPACE, USER => 'u1', LIMIT => '1G', POLICY =>"
          + " NO_INSERTS", "a space quota is for a table or a namespace alone: TYPE => SPACE,"
          + " TABLE => 't1' or NAMESPACE => 'ns1'");
      assertError(shell, "set_quota TYPE => SPACE, TABLE => 't1', LIMIT => '1G'",
          "set_quota TYPE => SPACE needs POLICY => NO_INSERTS, NO_WRITES,"
              + " NO_WRITES_COMPACTIONS or DISABLE");
      assertError(shell, "set_quota TYPE => SPACE, TABLE => 't1', LIMIT => '1 apple', POLICY"
          + " => NO_INSERTS", "space limit '1 apple' is not <number><size unit> (such as 512M"
          + " or 1G; size units B, K, M, G, T, P)");
      assertError(shell, "set_quota TYPE => SPACE, TABLE => 't1', LIMIT => '1G', POLICY =>"
          + " NO_READS", "space quota policy 'NO_READS' is not one of NO_INSERTS, NO_WRITES,"
          + " NO_WRITES_COMPACTIONS, DISABLE");
      assertError(shell, "set_quota TYPE => SPACE, TABLE => 'strata:meta', LIMIT => '1G',"
          + " POLICY => NO_INSERTS", "bad request: system tables take no space quota: strata:meta holds"
          + " the cluster's own catalog and settings");
      assertError(shell, "list_quota_snapshots REGIONSERVER => 'rs1'", "REGIONSERVER =>"
          + " 'rs1' is not a server name host,port,startcode (such as"
          + " 'host1,16020,1700000000000')");
    }
  }

  private static void assertError(ShellRunner shell, String script, String message) {
    Outcome o = shell.execute(script);
    assertEquals(1, o.status(), script);
    assertTrue(o.err().startsWith("ERROR: " + message), "error of " + script + ": " + o.err());
  }
}
