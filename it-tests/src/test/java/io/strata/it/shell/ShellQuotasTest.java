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
    }
  }

  private static void assertError(ShellRunner shell, String script, String message) {
    Outcome o = shell.execute(script);
    assertEquals(1, o.status(), script);
    assertTrue(o.err().startsWith("ERROR: " + message), "error of " + script + ": " + o.err());
  }
}
