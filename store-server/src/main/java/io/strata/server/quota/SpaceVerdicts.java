package io.strata.server.quota;

import io.strata.common.proto.QuotaProtos.SpaceSnapshotProto;
import io.strata.common.quota.QuotaLayout;
import io.strata.common.quota.SpaceViolationPolicy;
import io.strata.common.schema.TableName;
import java.util.Map;
import java.util.TreeMap;

/**
 * The master's verdicts on space quotas, from the limits set and the tables' sizes: a table is
 * judged by its own limit if it has one, else by its namespace's (over the sum of the
 * namespace's tables), and is in violation once its usage is above the limit, as in HBase.
 */
public final class SpaceVerdicts {
  /** A space limit and its policy. */
  public record Limit(long bytes, SpaceViolationPolicy policy) {}

  /** The verdicts of the tables that have an effective limit, and of each limited namespace. */
  public record Verdicts(Map<TableName, SpaceSnapshotProto> tables,
      Map<String, SpaceSnapshotProto> namespaces) {}

  private SpaceVerdicts() {}

  /**
   * Judges every table in {@code sizes} (the tables that exist, with their sizes in bytes)
   * against {@code tableLimits} and {@code namespaceLimits}.
   */
  public static Verdicts decide(Map<TableName, Limit> tableLimits,
      Map<String, Limit> namespaceLimits, Map<TableName, Long> sizes) {
    Map<String, Long> namespaceSizes = new TreeMap<>();
    sizes.forEach((t, b) -> namespaceSizes.merge(t.getNamespace(), b, Long::sum));
    Map<String, SpaceSnapshotProto> namespaces = new TreeMap<>();
    namespaceLimits.forEach((ns, l) -> {
      long used = namespaceSizes.getOrDefault(ns, 0L);
      namespaces.put(ns, verdict(used, used, l, ""));
    });
    Map<TableName, SpaceSnapshotProto> tables = new TreeMap<>();
    sizes.forEach((t, b) -> {
      Limit own = tableLimits.get(t);
      Limit ns = namespaceLimits.get(t.getNamespace());
      if (own != null) {
        tables.put(t, verdict(b, b, own, ""));
      } else if (ns != null) {
        tables.put(t, verdict(namespaceSizes.get(t.getNamespace()), b, ns, t.getNamespace()));
      }
    });
    return new Verdicts(tables, namespaces);
  }

  private static SpaceSnapshotProto verdict(long usage, long tableBytes, Limit l,
      String namespaceQuota) {
    return SpaceSnapshotProto.newBuilder().setVersion(QuotaLayout.SPACE_VERSION)
        .setUsageBytes(usage).setLimitBytes(l.bytes()).setInViolation(usage > l.bytes())
        .setPolicy(l.policy().name()).setNamespaceQuota(namespaceQuota).setTableBytes(tableBytes)
        .build();
  }
}
