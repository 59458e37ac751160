package io.strata.it.crash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;
import io.strata.server.region.Region;
import io.strata.server.region.RegionScanner;
import io.strata.server.scan.ScanSpec;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real child JVM writes with SYNC_WAL into a table whose regions it keeps splitting, and
 * reports each acknowledged write; the test kills it with SIGKILL after a random number of
 * writes, inside a flush (file written, not yet synced or moved), inside a WAL roll (new file
 * created, no header yet), inside a compaction (merged file not yet synced), between a
 * compaction's commit and the archiving of its inputs, and inside a split (while staging the
 * daughters' references, just before the commit, between the commit and moving the daughters
 * into place). It reopens the table each time and requires every acknowledged write, exactly
 * once, no half row, and regions that cover the key space without gap or overlap.
 */
class CrashDurabilityTest {
  /** Where each generation is killed, by the event the child pauses at. */
  private enum KillPoint {
    RANDOM("NONE"), IN_FLUSH("IN-FLUSH"), IN_ROLL("IN-ROLL"), IN_ARCHIVE("IN-ARCHIVE"),
    IN_COMPACT("IN-COMPACT"), IN_SPLIT_STAGE("IN-SPLIT-STAGE"),
    IN_SPLIT_COMMIT("IN-SPLIT-COMMIT"), IN_SPLIT_MOVE("IN-SPLIT-MOVE");

    final String event;

    KillPoint(String event) {
      this.event = event;
    }
  }

  private static final List<KillPoint> KILLS = List.of(KillPoint.RANDOM, KillPoint.IN_FLUSH,
      KillPoint.IN_SPLIT_STAGE, KillPoint.IN_ROLL, KillPoint.IN_SPLIT_COMMIT,
      KillPoint.IN_ARCHIVE, KillPoint.IN_SPLIT_MOVE, KillPoint.IN_COMPACT, KillPoint.RANDOM,
      KillPoint.IN_SPLIT_COMMIT, KillPoint.IN_FLUSH, KillPoint.IN_SPLIT_MOVE,
      KillPoint.IN_COMPACT, KillPoint.IN_SPLIT_STAGE);

  @TempDir
  Path root;

  private Process child;

  @AfterEach
  void killChild() throws InterruptedException {
    if (child != null && child.isAlive()) {
      child.destroyForcibly();
      child.waitFor(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void everyAcknowledgedWriteSurvivesSigkill() throws Exception {
    Random rnd = new Random(42);
    Set<String> acknowledged = new HashSet<>();
    int generation = 0;
    for (KillPoint point : KILLS) {
      generation++;
      int ackTarget = 300 + rnd.nextInt(1500);
      acknowledged.addAll(runAndKill(generation, point, ackTarget));
      generation++;
      verify(generation, acknowledged);
    }
    assertTrue(acknowledged.size() >= KILLS.size() * 100, acknowledged.size() + " acknowledged");
    System.out.println("regions after each generation: " + regionCounts);
    // Each kill between a split's commit and its moves leaves the daughters: at least 2 splits.
    assertTrue(regionCounts.get(regionCounts.size() - 1) >= 3, "regions: " + regionCounts);
  }

  private List<String> runAndKill(int generation, KillPoint point, int ackTarget)
      throws Exception {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // Its temporary files under the test's directory: a killed JVM removes none of them itself.
    Path tmp = Files.createDirectories(root.resolve("child-tmp"));
    child = new ProcessBuilder(java, "-Xmx256m", "-Djava.io.tmpdir=" + tmp,
        "-cp", System.getProperty("java.class.path"),
        "-Dlog4j2.configurationFile=" + System.getProperty("log4j2.configurationFile", ""),
        CrashingWriterMain.class.getName(), root.toString(), Integer.toString(generation),
        point.event, "split")
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    List<String> acks = new ArrayList<>();
    BufferedReader in = new BufferedReader(new InputStreamReader(child.getInputStream(),
        StandardCharsets.UTF_8));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    String line;
    boolean killed = false;
    while ((line = in.readLine()) != null) {
      boolean due = switch (point) {
        case RANDOM -> line.startsWith("ACK ") && acks.size() + 1 == ackTarget;
        case IN_FLUSH, IN_ROLL -> line.startsWith(point.event + " ") && acks.size() >= 100;
        default -> line.startsWith(point.event + " ");
      };
      if (line.startsWith("ACK ")) {
        acks.add(line.substring(4));
      }
      if (due && !killed) {
        killed = true;
        // SIGKILL: no shutdown hooks, no flush. Through the handle, so the pipe stays
        // readable and the acknowledgements already printed are still collected.
        child.toHandle().destroyForcibly();
      } else if (line.startsWith("ERROR")) {
        fail("child generation " + generation + " failed: " + line);
      }
      if (System.nanoTime() > deadline) {
        fail("child generation " + generation + " did not reach its kill point " + point
            + " in 120 s");
      }
    }
    assertTrue(child.waitFor(30, TimeUnit.SECONDS));
    assertTrue(killed, "generation " + generation + " ended before its kill point " + point);
    return acks;
  }

  private void verify(int generation, Set<String> acknowledged) throws IOException {
    try (RegionHost host = new RegionHost(root, generation)) {
      Set<String> found = new HashSet<>();
      byte[] expectedStart = Bytes.EMPTY;
      for (Region region : host.regions()) {
        assertArrayEquals(expectedStart, region.info().getStartKey(),
            "regions must tile the key space: " + region.info());
        expectedStart = region.info().getEndKey();
        try (RegionScanner s = region.scanner(ScanSpec.all())) {
          List<Cell> row;
          while ((row = s.nextRow()) != null) {
            String key = Bytes.toString(row.get(0).getRowArray(), row.get(0).getRowOffset(),
                row.get(0).getRowLength());
            assertEquals(6, row.size(), "half row " + key);
            for (Cell c : row) {
              assertEquals(key + "/" + "x".repeat(64), Bytes.toString(c.getValueArray(),
                  c.getValueOffset(), c.getValueLength()), "row " + key);
            }
            assertTrue(found.add(key), "row " + key + " appears twice");
          }
        }
      }
      assertArrayEquals(Bytes.EMPTY, expectedStart, "the last region must end the key space");
      Set<String> missing = new HashSet<>(acknowledged);
      missing.removeAll(found);
      assertEquals(Set.of(), missing, "acknowledged writes lost after generation "
          + (generation - 1));
      regionCounts.add(host.regions().size());
    }
  }

  private final List<Integer> regionCounts = new ArrayList<>();

}
