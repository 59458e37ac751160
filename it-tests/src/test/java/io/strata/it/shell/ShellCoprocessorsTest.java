package io.strata.it.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.it.minicluster.MiniCluster;
import io.strata.it.shell.ShellRunner.Outcome;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Coprocessors attached and detached with alter, shown by describe, as in HBase's shell. */
class ShellCoprocessorsTest {
  private static final String SHAPER = "io.strata.it.coprocessor.Observers$Shaper";

  @TempDir
  Path dir;

  @Test
  void alterAttachesAndDetachesACoprocessorThatDescribeShows() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      ShellRunner shell = new ShellRunner(cluster.configuration());
      Outcome attached = shell.execute("create 't1', 'f'; alter 't1', METHOD => 'table_att',"
          + " 'coprocessor' => '|" + SHAPER + "|1001|k1=v1,k2=v2'; describe 't1'");
      assertEquals("", attached.err());
      assertTrue(attached.out().contains("\nt1, {TABLE_ATTRIBUTES => {coprocessor$1 => '|"
          + SHAPER + "|1001|k1=v1,k2=v2'}}\n"), attached.out());

      // Loaded: the observer stamps every put.
      Outcome stamped = shell.execute("put 't1', 'r', 'f:q', 'v'; get 't1', 'r'");
      assertEquals("", stamped.err());
      assertTrue(stamped.out().contains(" f:stamp ") && stamped.out().contains("value=observed"),
          stamped.out());

      assertError(shell, "alter 't1', METHOD => 'table_att', 'coprocessor' => 'com.example.Obs'",
          "coprocessor 'com.example.Obs' is not '[jar path]|class name|[priority]|[key=value"
              + ",...]', such as 'hdfs:///cp/obs.jar|com.example.Obs|1001|k1=v1,k2=v2' or"
              + " '|com.example.Obs||'");
      assertError(shell, "alter 't1', METHOD => 'table_att', 'coprocessor' =>"
          + " '|com.example.Obs|high|'", "coprocessor '|com.example.Obs|high|' has priority"
              + " 'high', not a number");
      assertError(shell, "alter 't1', METHOD => 'table_att', 'coprocessor' =>"
          + " 'file:///nonexistent/cp.jar|com.example.Obs||'", "coprocessor jar"
              + " file:///nonexistent/cp.jar of com.example.Obs does not exist");
      assertError(shell, "alter 't1', METHOD => 'table_att_unset', NAME => 'coprocessor$2'",
          "table t1 has no coprocessor$2; its coprocessors are coprocessor$1, as describe"
              + " numbers them");

      Outcome detached = shell.execute("alter 't1', METHOD => 'table_att_unset', NAME =>"
          + " 'coprocessor$1'; describe 't1'; put 't1', 'r2', 'f:q', 'v'; get 't1', 'r2'");
      assertEquals("", detached.err());
      assertTrue(detached.out().contains("\nt1\nCOLUMN FAMILIES DESCRIPTION\n"), detached.out());
      assertTrue(!detached.out().contains("f:stamp"), detached.out());
    }
  }

  private static void assertError(ShellRunner shell, String script, String message) {
    Outcome o = shell.execute(script);
    assertEquals(1, o.status(), script);
    assertTrue(o.err().startsWith("ERROR: " + message), "error of " + script + ": " + o.err());
  }
}
