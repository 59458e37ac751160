package io.strata.server.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.common.proto.QuotaProtos.SpaceSnapshotProto;
import io.strata.common.quota.SpaceViolationPolicy;
import io.strata.common.schema.TableName;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The master's verdicts: a table by its own limit, else by its namespace's sum. */
class SpaceVerdictsTest {
  private static final TableName A = TableName.valueOf("ns:a");
  private static final TableName B = TableName.valueOf("ns:b");
  private static final TableName C = TableName.valueOf("c");

  private static SpaceVerdicts.Limit limit(long bytes, SpaceViolationPolicy p) {
    return new SpaceVerdicts.Limit(bytes, p);
  }

  @Test
  void aTableIsJudgedByItsOwnLimitBeforeItsNamespaces() {
    SpaceVerdicts.Verdicts v = SpaceVerdicts.decide(
        Map.of(A, limit(1000, SpaceViolationPolicy.NO_WRITES), C, limit(50,
            SpaceViolationPolicy.DISABLE)),
        Map.of("ns", limit(700, SpaceViolationPolicy.NO_INSERTS)),
        Map.of(A, 600L, B, 300L, C, 50L));
    // a: its own 1000 holds, though the namespace (900 of 700) is over
    SpaceSnapshotProto a = v.tables().get(A);
    assertEquals(List.of(600L, 1000L, false, "NO_WRITES", ""), List.of(a.getUsageBytes(),
        a.getLimitBytes(), a.getInViolation(), a.getPolicy(), a.getNamespaceQuota()));
    // b: judged by the namespace, whose usage counts every table in it
    SpaceSnapshotProto b = v.tables().get(B);
    assertEquals(List.of(900L, 700L, true, "NO_INSERTS", "ns", 300L), List.of(b.getUsageBytes(),
        b.getLimitBytes(), b.getInViolation(), b.getPolicy(), b.getNamespaceQuota(),
        b.getTableBytes()));
    // c: at its limit, not above it, is within it
    assertEquals(false, v.tables().get(C).getInViolation());
    SpaceSnapshotProto ns = v.namespaces().get("ns");
    assertEquals(List.of(900L, 700L, true), List.of(ns.getUsageBytes(), ns.getLimitBytes(),
        ns.getInViolation()));
  }

  @Test
  void tablesWithoutALimitAndLimitsWithoutATableGetNoVerdict() {
    SpaceVerdicts.Verdicts v = SpaceVerdicts.decide(
        Map.of(TableName.valueOf("gone"), limit(1, SpaceViolationPolicy.NO_WRITES)),
        Map.of("empty", limit(1, SpaceViolationPolicy.NO_WRITES)), Map.of(C, 5L));
    assertEquals(Map.of(), v.tables());
    assertEquals(0L, v.namespaces().get("empty").getUsageBytes());
    assertEquals(false, v.namespaces().get("empty").getInViolation());
  }

  /** Random sizes and limits against the rule written out plainly. */
  @Test
  void randomTablesAgreeWithTheRule() {
    Random rnd = new Random(51);
    for (int round = 0; round < 200; round++) {
      Map<TableName, Long> sizes = new TreeMap<>();
      Map<TableName, SpaceVerdicts.Limit> tableLimits = new HashMap<>();
      Map<String, SpaceVerdicts.Limit> nsLimits = new HashMap<>();
      for (int i = 0; i < 6; i++) {
        TableName t = TableName.valueOf("ns" + rnd.nextInt(3) + ":t" + i);
        sizes.put(t, (long) rnd.nextInt(100));
        if (rnd.nextInt(3) == 0) {
          tableLimits.put(t, limit(1 + rnd.nextInt(100), SpaceViolationPolicy.values()[
              rnd.nextInt(4)]));
        }
      }
      for (int n = 0; n < 3; n++) {
        if (rnd.nextBoolean()) {
          nsLimits.put("ns" + n, limit(1 + rnd.nextInt(300), SpaceViolationPolicy.NO_WRITES));
        }
      }
      SpaceVerdicts.Verdicts v = SpaceVerdicts.decide(tableLimits, nsLimits, sizes);
      for (Map.Entry<TableName, Long> e : sizes.entrySet()) {
        TableName t = e.getKey();
        long nsUsage = sizes.entrySet().stream()
            .filter(x -> x.getKey().getNamespace().equals(t.getNamespace()))
            .mapToLong(Map.Entry::getValue).sum();
        SpaceVerdicts.Limit l = tableLimits.getOrDefault(t, nsLimits.get(t.getNamespace()));
        long usage = tableLimits.containsKey(t) ? e.getValue() : nsUsage;
        SpaceSnapshotProto got = v.tables().get(t);
        if (l == null) {
          assertEquals(null, got, t.toString());
        } else {
          assertEquals(List.of(usage, l.bytes(), usage > l.bytes(), l.policy().name()),
              List.of(got.getUsageBytes(), got.getLimitBytes(), got.getInViolation(),
                  got.getPolicy()), "round " + round + " table " + t);
        }
      }
    }
  }
}
