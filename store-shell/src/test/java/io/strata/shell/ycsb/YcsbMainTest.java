package io.strata.shell.ycsb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.conf.StrataConfiguration;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line of bin/strata ycsb: what it hands YCSB, and what it refuses. */
class YcsbMainTest {
  private static final String CLIENT = StrataYcsbClient.class.getName();

  /** The status and message of a command line refused before any connection is made. */
  private static void assertRefused(String message, String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = YcsbMain.prepare(args, StrataConfiguration.defaults(),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    assertEquals(2, status, String.join(" ", args));
    assertEquals("bin/strata ycsb: " + message + "\n" + YcsbMain.USAGE,
        err.toString(StandardCharsets.UTF_8));
  }

  private static Path workload(Path dir) throws Exception {
    Path file = dir.resolve("w");
    Files.writeString(file, "recordcount=10\noperationcount=20\n# comment\ntable=fromfile\n");
    return file;
  }

  @Test
  void thePhaseBecomesYcsbsFlagAndTheRestPassesAsGiven(@TempDir Path dir) throws Exception {
    String w = workload(dir).toString();
    assertArrayEquals(new String[] {"-db", CLIENT, "-load", "-P", w, "-threads", "4"},
        YcsbMain.clientArgs(new String[] {"load", "-P", w, "-threads", "4"}));
    assertArrayEquals(new String[] {"-db", CLIENT, "-t", "-P", w, "-p", "a=b", "-s"},
        YcsbMain.clientArgs(new String[] {"run", "-P", w, "-p", "a=b", "-s"}));
  }

  @Test
  void propertiesAreReadAsYcsbReadsThem(@TempDir Path dir) throws Exception {
    String w = workload(dir).toString();
    Path second = dir.resolve("second");
    Files.writeString(second, "operationcount=30\n");
    YcsbMain.Command c = YcsbMain.parse(new String[] {"run", "-p", "recordcount=5", "-P", w,
        "-P", second.toString(), "-threads", "2", "-target", "100", "-s", "-l", "x"});
    assertFalse(c.load());
    assertEquals("5", c.properties().getProperty("recordcount"), "-p wins over -P, wherever");
    assertEquals("30", c.properties().getProperty("operationcount"), "a later file wins");
    assertEquals("fromfile", c.properties().getProperty("table"));
    assertTrue(YcsbMain.parse(new String[] {"load", "-P", w}).load());
  }

  @Test
  void badCommandLinesAreRefusedWithUsage(@TempDir Path dir) throws Exception {
    String w = workload(dir).toString();
    assertRefused("say which phase to run: load or run");
    assertRefused("unknown phase 'bench'; say load (insert the records) or run (the workload's "
        + "operations)", "bench", "-P", w);
    assertRefused("give a workload file with -P, e.g. -P conf/ycsb/workloada", "run");
    assertRefused("give a workload file with -P, e.g. -P conf/ycsb/workloada", "load",
        "-p", "recordcount=5");
    assertRefused("-P needs a value", "run", "-P");
    Path missing = dir.resolve("workloadz");
    assertRefused("workload file " + missing + " does not exist; YCSB's core workloads are "
        + "conf/ycsb/workloada to workloadf", "run", "-P", missing.toString());
    assertRefused("-load is given by the phase: bin/strata ycsb load ...", "run", "-P", w,
        "-load");
    assertRefused("-t is given by the phase: bin/strata ycsb run ...", "run", "-t", "-P", w);
    assertRefused("-db: bin/strata ycsb always runs the Strata binding (" + CLIENT
        + "); drop -db", "run", "-P", w, "-db", "site.ycsb.BasicDB");
    assertRefused("unknown option '-x'", "run", "-P", w, "-x");
    assertRefused("-threads 0: give a whole number above 0", "run", "-P", w, "-threads", "0");
    assertRefused("-target fast: give a whole number above 0", "run", "-P", w, "-target",
        "fast");
    assertRefused("-p recordcount: write -p key=value", "run", "-P", w, "-p", "recordcount");
    assertRefused("-p durability=sometimes: unknown DURABILITY 'sometimes'; use one of "
        + "USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL", "run", "-P", w,
        "-p", "durability=sometimes");
  }
}
