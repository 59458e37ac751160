package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.CF2;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random puts, deletes of every type, flushes, minor and major compactions (minor ones also run
 * by themselves), clean restarts and crashes, compared after every step with a simple model of
 * what must be visible. Fixed seed in CI; run longer with another seed with
 * {@code mvn -pl store-server test -Dtest=RegionModelTest
 * -DargLine="-Dstrata.model.seed=N -Dstrata.model.steps=M"}.
 */
class RegionModelTest {
  private static final int MAX_VERSIONS = 2;

  @TempDir
  java.nio.file.Path tmp;

  /** Every cell ever written, by row; the model derives visibility from them. */
  private final Map<String, List<KeyValue>> written = new TreeMap<>();
  private final List<String> log = new ArrayList<>();

  private List<String> expected(String row) {
    List<String> out = new ArrayList<>();
    for (KeyValue c : visible(row)) {
      out.add(fam(c) + ":" + qual(c) + "@" + c.getTimestamp() + "=" + Bytes.toString(
          c.getValueArray(), c.getValueOffset(), c.getValueLength()));
    }
    return out;
  }

  /**
   * A major compaction keeps exactly what is visible and drops every marker (HBase semantics:
   * deletes mask puts only until the next major compaction), so the model keeps the same.
   */
  private void bakeMajorCompaction() {
    for (String row : new ArrayList<>(written.keySet())) {
      written.put(row, new ArrayList<>(visible(row)));
    }
  }

  private List<KeyValue> visible(String row) {
    List<KeyValue> cells = written.getOrDefault(row, List.of());
    List<KeyValue> out = new ArrayList<>();
    for (byte[] family : List.of(CF1, CF2)) {
      for (String q : List.of("p", "q", "r")) {
        // ts -> the last put at that ts
        TreeMap<Long, KeyValue> versions = new TreeMap<>(java.util.Comparator.reverseOrder());
        for (KeyValue c : cells) {
          if (c.getType() == CellType.PUT && fam(c).equals(Bytes.toString(family))
              && qual(c).equals(q) && !masked(cells, c)) {
            versions.put(c.getTimestamp(), c);
          }
        }
        versions.values().stream().limit(MAX_VERSIONS).forEach(out::add);
      }
    }
    return out;
  }

  private static String fam(KeyValue c) {
    return Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
  }

  private static String qual(KeyValue c) {
    return Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
  }

  private static boolean masked(List<KeyValue> cells, KeyValue put) {
    long ts = put.getTimestamp();
    for (KeyValue d : cells) {
      if (!fam(d).equals(fam(put))) {
        continue;
      }
      long dts = d.getTimestamp();
      boolean hit = switch (d.getType()) {
        case DELETE_FAMILY -> ts <= dts;
        case DELETE_FAMILY_VERSION -> ts == dts;
        case DELETE_COLUMN -> qual(d).equals(qual(put)) && ts <= dts;
        case DELETE -> qual(d).equals(qual(put)) && ts == dts;
        default -> false;
      };
      if (hit) {
        return true;
      }
    }
    return false;
  }

  @Test
  void randomOperationsMatchTheModel() throws Exception {
    long seed = Long.getLong("strata.model.seed", 20261122L);
    int steps = Integer.getInteger("strata.model.steps", 1500);
    Random rnd = new Random(seed);
    try (RegionFixture f = new RegionFixture(tmp, MAX_VERSIONS)) {
      for (int step = 0; step < steps; step++) {
        String row = "row" + rnd.nextInt(8);
        int op = rnd.nextInt(100);
        byte[] family = rnd.nextBoolean() ? CF1 : CF2;
        String q = List.of("p", "q", "r").get(rnd.nextInt(3));
        long ts = 1 + rnd.nextInt(20);
        KeyValue cell;
        if (op < 60) {
          cell = RegionFixture.put(row, family, q, ts, "v" + step);
        } else if (op < 68) {
          cell = RegionFixture.delete(row, family, q, ts, CellType.DELETE);
        } else if (op < 74) {
          cell = RegionFixture.delete(row, family, q, ts, CellType.DELETE_COLUMN);
        } else if (op < 78) {
          cell = RegionFixture.delete(row, family, "", ts, CellType.DELETE_FAMILY);
        } else if (op < 82) {
          cell = RegionFixture.delete(row, family, "", ts, CellType.DELETE_FAMILY_VERSION);
        } else {
          cell = null;
        }
        try {
          if (cell != null) {
            log.add(step + ": " + cell);
            f.mutate(row, cell);
            written.computeIfAbsent(row, k -> new ArrayList<>()).add(cell);
          } else if (op < 88) {
            log.add(step + ": flush");
            f.region.flush();
          } else if (op < 90) {
            log.add(step + ": minor compaction");
            f.region.compact(false);
          } else if (op < 91) {
            log.add(step + ": flush and major compaction");
            f.region.flush();
            f.region.compact(true);
            bakeMajorCompaction();
          } else if (op < 93) {
            log.add(step + ": clean restart");
            f.cleanRestart();
          } else if (op < 96) {
            log.add(step + ": crash and recover");
            f.crash();
            f.restart();
          } else {
            log.add(step + ": check every row");
            for (int r = 0; r < 8; r++) {
              check(f, "row" + r, seed);
            }
          }
          check(f, row, seed);
        } catch (AssertionError | Exception e) {
          throw new AssertionError("seed " + seed + " failed at step " + step
              + "; operations so far:\n" + String.join("\n", log), e);
        }
      }
    }
  }

  private void check(RegionFixture f, String row, long seed) throws Exception {
    assertEquals(expected(row), RegionFixture.render(f.region.get(Bytes.toBytes(row),
        ScanSpec.all().withMaxVersions(10))), "row " + row + " (seed " + seed + ")");
  }
}
