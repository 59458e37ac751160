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
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Random puts, deletes of every type, flushes, minor and major compactions (minor ones also run
 * by themselves), clean restarts and crashes, compared after every step with a simple model of
 * what must be visible. Fixed seed in CI; run longer with another seed with
 * {@code mvn -pl store-server test -Dtest=RegionModelTest
 * -DargLine="-Dstrata.model.seed=N -Dstrata.model.steps=M"}. A failure prints the shortest
 * operation log found that still fails (see {@link LogShrinker}).
 */
class RegionModelTest {
  private static final int MAX_VERSIONS = 2;

  @TempDir
  java.nio.file.Path tmp;

  /** Every cell ever written, by row; the model derives visibility from them. */
  private final Map<String, List<KeyValue>> written = new TreeMap<>();

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

  /** One step, as data, so a failing run can be replayed and shrunk. */
  record Op(String kind, String row, KeyValue cell) {
    @Override
    public String toString() {
      return cell != null ? cell.toString() + "=" + Bytes.toString(cell.getValueArray(),
          cell.getValueOffset(), cell.getValueLength()) : kind + (row == null ? "" : " " + row);
    }
  }

  static List<Op> generate(long seed, int steps) {
    Random rnd = new Random(seed);
    List<Op> ops = new ArrayList<>();
    for (int step = 0; step < steps; step++) {
      String row = "row" + rnd.nextInt(8);
      int op = rnd.nextInt(100);
      byte[] family = rnd.nextBoolean() ? CF1 : CF2;
      String q = List.of("p", "q", "r").get(rnd.nextInt(3));
      long ts = 1 + rnd.nextInt(20);
      if (op < 60) {
        ops.add(new Op("put", row, RegionFixture.put(row, family, q, ts, "v" + step)));
      } else if (op < 68) {
        ops.add(new Op("delete", row, RegionFixture.delete(row, family, q, ts, CellType.DELETE)));
      } else if (op < 74) {
        ops.add(new Op("delete", row, RegionFixture.delete(row, family, q, ts,
            CellType.DELETE_COLUMN)));
      } else if (op < 78) {
        ops.add(new Op("delete", row, RegionFixture.delete(row, family, "", ts,
            CellType.DELETE_FAMILY)));
      } else if (op < 82) {
        ops.add(new Op("delete", row, RegionFixture.delete(row, family, "", ts,
            CellType.DELETE_FAMILY_VERSION)));
      } else if (op < 88) {
        ops.add(new Op("flush", row, null));
      } else if (op < 90) {
        ops.add(new Op("minor compaction", row, null));
      } else if (op < 91) {
        ops.add(new Op("flush and major compaction", row, null));
      } else if (op < 93) {
        ops.add(new Op("clean restart", row, null));
      } else if (op < 96) {
        ops.add(new Op("crash and recover", row, null));
      } else {
        ops.add(new Op("check every row", null, null));
      }
    }
    return ops;
  }

  /** Runs the ops on a fresh region and model; returns the failure, or null if all held. */
  private AssertionError run(List<Op> ops, java.nio.file.Path dir) throws Exception {
    written.clear();
    try (RegionFixture f = new RegionFixture(dir, MAX_VERSIONS)) {
      for (int step = 0; step < ops.size(); step++) {
        Op op = ops.get(step);
        try {
          switch (op.kind()) {
            case "put", "delete" -> {
              f.mutate(op.row(), op.cell());
              written.computeIfAbsent(op.row(), k -> new ArrayList<>()).add(op.cell());
            }
            case "flush" -> f.region.flush();
            case "minor compaction" -> f.region.compact(false);
            case "flush and major compaction" -> {
              f.region.flush();
              f.region.compact(true);
              bakeMajorCompaction();
            }
            case "clean restart" -> f.cleanRestart();
            case "crash and recover" -> {
              f.crash();
              f.restart();
            }
            default -> {
              for (int r = 0; r < 8; r++) {
                check(f, "row" + r);
              }
            }
          }
          if (op.row() != null) {
            check(f, op.row());
          }
        } catch (AssertionError | Exception e) {
          AssertionError failure = new AssertionError("failed at step " + step + " (" + op + ")",
              e);
          failure.addSuppressed(new IllegalStateException("steps=" + (step + 1)));
          return failure;
        }
      }
    }
    return null;
  }

  @Test
  void randomOperationsMatchTheModel() throws Exception {
    long seed = Long.getLong("strata.model.seed", 20261122L);
    int steps = Integer.getInteger("strata.model.steps", 1500);
    List<Op> ops = generate(seed, steps);
    AssertionError failure = run(ops, tmp.resolve("full"));
    if (failure == null) {
      return;
    }
    int failingSteps = Integer.parseInt(failure.getSuppressed()[0].getMessage().substring(6));
    int[] attempt = {0};
    Predicate<List<Op>> fails = candidate -> {
      try {
        return run(candidate, tmp.resolve("shrink-" + attempt[0]++)) != null;
      } catch (Exception e) {
        return true;
      }
    };
    List<Op> failing = new ArrayList<>(ops.subList(0, failingSteps));
    // First keep only the failing row's mutations and the region-wide steps, if that still fails.
    String row = failing.get(failing.size() - 1).row();
    if (row != null) {
      List<Op> sameRow = new ArrayList<>();
      for (Op op : failing) {
        if (op.cell() == null || row.equals(op.row())) {
          sameRow.add(op);
        }
      }
      if (fails.test(sameRow)) {
        failing = sameRow;
      }
    }
    List<Op> shortest = LogShrinker.shrink(failing, fails, 1000);
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < shortest.size(); i++) {
      lines.add(i + ": " + shortest.get(i));
    }
    throw new AssertionError("seed " + seed + " " + failure.getMessage() + "; the shortest "
        + "operation log that still fails (" + shortest.size() + " of " + failingSteps
        + " steps):\n" + String.join("\n", lines), failure.getCause());
  }

  private void check(RegionFixture f, String row) throws Exception {
    assertEquals(expected(row), RegionFixture.render(f.region.get(Bytes.toBytes(row),
        ScanSpec.all().withMaxVersions(10))), "row " + row);
  }
}
