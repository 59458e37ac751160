package io.strata.server.master;

import io.strata.client.Delete;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.proto.AdminProtos.RegionLoadProto;
import io.strata.common.proto.AdminProtos.ServerLoadProto;
import io.strata.common.proto.QuotaProtos.QuotaTargetProto;
import io.strata.common.proto.QuotaProtos.SpaceQuotaProto;
import io.strata.common.proto.QuotaProtos.SpaceSnapshotProto;
import io.strata.common.quota.QuotaLayout;
import io.strata.common.quota.QuotaSizes;
import io.strata.common.quota.SpaceViolationPolicy;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.common.schema.TableState;
import io.strata.common.util.Bytes;
import io.strata.server.quota.SpaceVerdicts;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides space quota violations, as often as region servers report: sums each table's region
 * sizes from the servers' latest reports, judges the tables against their limits
 * ({@link SpaceVerdicts}), writes each verdict that changed to strata:quota and, when a verdict
 * came or went or what is enforced changed, tells the region servers to read them (a change of
 * usage alone reaches them with their periodic refresh). A table over a DISABLE limit is
 * disabled, and enabled again once it is within its limit or the limit goes. A table whose
 * regions are not open keeps the size of its last verdict: no server reports it.
 */
final class SpaceQuotaChore {
  private static final Logger LOG = LoggerFactory.getLogger(SpaceQuotaChore.class);

  private final Master m;
  private final MasterQuotas quotas;
  /** Each region's size as last reported, by encoded name; regions gone are dropped. */
  private final Map<String, Long> regionBytes = new HashMap<>();
  /**
   * Whether strata:quota held a space limit or verdict when last read (or has not been read):
   * without one there is nothing to judge, and the table is read again only after a setting.
   */
  private boolean anySpace = true;

  SpaceQuotaChore(Master m, MasterQuotas quotas) {
    this.m = m;
    this.quotas = quotas;
  }

  void runQuietly() {
    try {
      run();
    } catch (Exception e) {
      LOG.warn("space quota check failed; it runs again with the next reports: {}",
          e.toString());
    }
  }

  /** Every user table's size, from the reports of its regions (0 for one not yet reported). */
  synchronized Map<TableName, Long> sizes() {
    for (ServerName s : m.servers().liveServers()) {
      ServerLoadProto load = m.servers().load(s);
      if (load != null) {
        for (RegionLoadProto l : load.getRegionsList()) {
          regionBytes.put(SchemaCodec.fromProto(l.getRegion()).getEncodedName(),
              l.getSpaceBytes());
        }
      }
    }
    Map<TableName, Long> sizes = new TreeMap<>();
    Set<String> known = new HashSet<>();
    for (RegionStates.Node n : m.states().all()) {
      TableName t = n.region().getTable();
      known.add(n.region().getEncodedName());
      if (!t.isSystemTable() && m.tableState(t) != null) {
        sizes.merge(t, regionBytes.getOrDefault(n.region().getEncodedName(), 0L), Long::sum);
      }
    }
    regionBytes.keySet().retainAll(known);
    return sizes;
  }

  /** A space limit was set or removed: judge at the next run whatever was read before. */
  synchronized void settingChanged() {
    anySpace = true;
  }

  synchronized void run() throws IOException {
    Map<TableName, Long> sizes = sizes();
    if (!anySpace || !m.tableNames().contains(QuotaLayout.TABLE)) {
      return;
    }
    Map<TableName, SpaceVerdicts.Limit> tableLimits = new TreeMap<>();
    Map<String, SpaceVerdicts.Limit> namespaceLimits = new TreeMap<>();
    Map<String, SpaceSnapshotProto> before = new TreeMap<>(); // by row
    Table table = m.connection().getTable(QuotaLayout.TABLE);
    try (ResultScanner s = table.getScanner(new Scan()
        .addColumn(QuotaLayout.FAMILY, QuotaLayout.SPACE)
        .addColumn(QuotaLayout.FAMILY, QuotaLayout.SPACE_SNAPSHOT))) {
      for (Result r : s) {
        read(r, tableLimits, namespaceLimits, before);
      }
    }
    anySpace = !tableLimits.isEmpty() || !namespaceLimits.isEmpty() || !before.isEmpty();
    if (!anySpace) {
      return;
    }
    for (Map.Entry<TableName, Long> e : sizes.entrySet()) {
      SpaceSnapshotProto last = before.get(row(e.getKey()));
      if (m.tableState(e.getKey()) != TableState.ENABLED && last != null) {
        e.setValue(last.getTableBytes()); // no server reports its regions
      }
    }
    SpaceVerdicts.Verdicts now = SpaceVerdicts.decide(tableLimits, namespaceLimits, sizes);
    Map<String, SpaceSnapshotProto> after = new TreeMap<>();
    now.tables().forEach((t, v) -> after.put(row(t), v));
    now.namespaces().forEach((ns, v) -> after.put("n." + ns, v));
    boolean enforcedChanged = false;
    for (Map.Entry<String, SpaceSnapshotProto> e : after.entrySet()) {
      SpaceSnapshotProto old = before.get(e.getKey());
      if (!e.getValue().equals(old)) {
        table.put(new Put(Bytes.toBytes(e.getKey())).addColumn(QuotaLayout.FAMILY,
            QuotaLayout.SPACE_SNAPSHOT, e.getValue().toByteArray()));
        enforcedChanged |= old == null
            || !Objects.equals(enforced(old), enforced(e.getValue()));
      }
    }
    for (Map.Entry<String, SpaceSnapshotProto> e : before.entrySet()) {
      if (!after.containsKey(e.getKey())) {
        table.delete(new Delete(Bytes.toBytes(e.getKey())).addColumns(QuotaLayout.FAMILY,
            QuotaLayout.SPACE_SNAPSHOT));
        enforcedChanged = true;
      }
    }
    for (TableName t : sizes.keySet()) {
      disableOrEnable(t, before.get(row(t)), after.get(row(t)));
    }
    if (enforcedChanged) {
      quotas.push();
    }
  }

  private static void read(Result r, Map<TableName, SpaceVerdicts.Limit> tableLimits,
      Map<String, SpaceVerdicts.Limit> namespaceLimits, Map<String, SpaceSnapshotProto> before) {
    QuotaTargetProto target;
    try {
      target = QuotaLayout.target(r.getRow());
    } catch (IllegalArgumentException e) {
      return; // the switches row, or one a newer version wrote
    }
    if (!target.getUser().isEmpty() || target.getRegionServers()) {
      return;
    }
    try {
      byte[] space = r.getValue(QuotaLayout.FAMILY, QuotaLayout.SPACE);
      if (space != null) {
        SpaceQuotaProto p = SpaceQuotaProto.parseFrom(space);
        SpaceVerdicts.Limit l = new SpaceVerdicts.Limit(p.getLimitBytes(),
            QuotaLayout.policy(p));
        if (!target.getTable().isEmpty()) {
          tableLimits.put(TableName.valueOf(target.getTable()), l);
        } else {
          namespaceLimits.put(target.getNamespace(), l);
        }
      }
      byte[] snapshot = r.getValue(QuotaLayout.FAMILY, QuotaLayout.SPACE_SNAPSHOT);
      if (snapshot != null) {
        before.put(Bytes.toString(r.getRow()), SpaceSnapshotProto.parseFrom(snapshot));
      }
    } catch (IOException | IllegalArgumentException e) {
      LOG.warn("skipping the space quota of strata:quota row '{}': {}",
          Bytes.toStringBinary(r.getRow()), e.getMessage());
    }
  }

  /** What region servers enforce for a verdict: its policy while in violation, its limit. */
  private static String enforced(SpaceSnapshotProto v) {
    return v == null || !v.getInViolation() ? null : v.getPolicy() + "@" + v.getLimitBytes();
  }

  /**
   * Disables a table that went over a DISABLE limit; enables one this chore disabled once it is
   * within its limit again, or its limit is gone or no longer DISABLE.
   */
  private void disableOrEnable(TableName t, SpaceSnapshotProto before,
      SpaceSnapshotProto after) throws IOException {
    boolean disableNow = isDisabling(after);
    TableState state = m.tableState(t);
    if (disableNow && state == TableState.ENABLED) {
      LOG.warn("table {} uses {} of its space limit {}; its policy DISABLE disables it until it"
          + " is within its limit", t, QuotaSizes.human(after.getUsageBytes()),
          QuotaSizes.format(after.getLimitBytes()));
      m.procedures().submit(DisableTableProcedure.of(t), 0);
    } else if (!disableNow && isDisabling(before) && state == TableState.DISABLED) {
      LOG.info("table {} is within its space limit, or its DISABLE limit is gone; enabling it",
          t);
      m.procedures().submit(EnableTableProcedure.of(t), 0);
    }
  }

  private static boolean isDisabling(SpaceSnapshotProto v) {
    return v != null && v.getInViolation()
        && v.getPolicy().equals(SpaceViolationPolicy.DISABLE.name());
  }

  private static String row(TableName t) {
    return "t." + t;
  }
}
