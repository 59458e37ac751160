package io.strata.server.quota;

import io.strata.client.Connection;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.common.error.SpaceLimitingException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.error.ThrottlingException;
import io.strata.common.proto.QuotaProtos.QuotaTargetProto;
import io.strata.common.proto.QuotaProtos.SpaceSnapshotProto;
import io.strata.common.proto.QuotaProtos.ThrottleProto;
import io.strata.common.quota.QuotaLayout;
import io.strata.common.quota.QuotaSizes;
import io.strata.common.quota.SpaceViolationPolicy;
import io.strata.common.quota.ThrottleLimit;
import io.strata.common.quota.ThrottleType;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The throttles one region server enforces, read from strata:quota when the master says they
 * changed and periodically besides. A limit of scope CLUSTER is divided among the servers it
 * applies on: a table's among the servers holding its regions, any other among the live
 * servers; MACHINE limits hold on each server whole. A server that cannot read the table keeps
 * the throttles it had and logs why. It also enforces the master's space quota verdicts: a
 * write its table's policy forbids is refused, and so are compactions under
 * NO_WRITES_COMPACTIONS.
 */
public final class RegionServerQuotas {
  private static final Logger LOG = LoggerFactory.getLogger(RegionServerQuotas.class);

  /** How a server learns how many servers share a cluster-wide limit. */
  public interface Servers {
    /** The live region servers. */
    int live();

    /** The servers holding regions of {@code table} (at least 1). */
    int holding(TableName table) throws IOException;
  }

  private final Servers servers;
  private volatile Throttles throttles = new Throttles.Builder(0).build();
  /** The master's space verdicts, by table: those in violation are enforced. */
  private volatile Map<TableName, SpaceSnapshotProto> space = Map.of();

  public RegionServerQuotas(Servers servers) {
    this.servers = servers;
  }

  /**
   * Lets a call of {@code user} (asked for only when a throttle is in force) on {@code table}
   * go ahead, counting {@code requests} requests
   * and {@code bytes} bytes, or refuses it with the wait its client is to take.
   */
  public void admit(Supplier<String> user, TableName table, ThrottleType.Kind kind,
      int requests, long bytes) throws ThrottlingException {
    Throttles t = throttles;
    if (!t.isEmpty()) {
      t.admit(user.get(), table, kind, requests, bytes, System.nanoTime());
    }
  }

  /**
   * Whether any throttle is in force: with none, a call costs this one read, and a caller may
   * skip looking up what it would pass.
   */
  public boolean enforcing() {
    return !throttles.isEmpty();
  }

  /** Undoes an {@link #admit} for a call handed to another thread, which admits it again. */
  public void refund(Supplier<String> user, TableName table, ThrottleType.Kind kind,
      int requests, long bytes) {
    Throttles t = throttles;
    if (!t.isEmpty()) {
      t.refund(user.get(), table, kind, requests, bytes, System.nanoTime());
    }
  }

  /** Charges bytes known only after the work (a get's or scanner call's results). */
  public void charge(Supplier<String> user, TableName table, ThrottleType.Kind kind,
      long bytes) {
    Throttles t = throttles;
    if (!t.isEmpty()) {
      t.charge(user.get(), table, kind, bytes, System.nanoTime());
    }
  }

  /**
   * Reads the settings again through {@code connection}; keeps the last ones if it cannot, and
   * says so. Returns whether it read them. One read at a time: a read begun before a change and
   * ended after the read the change prompted would put the old settings back.
   */
  public synchronized boolean refresh(Connection connection) {
    try {
      Map<TableName, SpaceSnapshotProto> verdicts = new HashMap<>();
      throttles = read(connection, verdicts);
      space = Map.copyOf(verdicts);
      return true;
    } catch (IOException | RuntimeException e) {
      LOG.warn("cannot read the quota settings in {}; keeping the throttles in force: {}",
          QuotaLayout.TABLE, e.toString());
      return false;
    }
  }

  private Throttles read(Connection connection, Map<TableName, SpaceSnapshotProto> verdicts)
      throws IOException {
    Throttles.Builder b = new Throttles.Builder(System.nanoTime(), throttles);
    Table table = connection.getTable(QuotaLayout.TABLE);
    try (ResultScanner s = table.getScanner(new Scan().addFamily(QuotaLayout.FAMILY))) {
      for (Result r : s) {
        add(b, r, verdicts);
      }
    } catch (TableNotFoundException none) {
      // the master has not made it yet: no setting
    } catch (java.io.UncheckedIOException e) { // a scanner's iteration wraps what it meets
      if (!(e.getCause() instanceof TableNotFoundException)) {
        throw e.getCause();
      }
    }
    return b.build();
  }

  private void add(Throttles.Builder b, Result r, Map<TableName, SpaceSnapshotProto> verdicts)
      throws IOException {
    if (Bytes.equals(r.getRow(), QuotaLayout.SWITCHES)) {
      byte[] rpc = r.getValue(QuotaLayout.FAMILY, QuotaLayout.RPC_THROTTLE);
      byte[] exceed = r.getValue(QuotaLayout.FAMILY, QuotaLayout.EXCEED_THROTTLE);
      b.switches(rpc == null || Bytes.toString(rpc).equals("true"),
          exceed != null && Bytes.toString(exceed).equals("true"));
      return;
    }
    QuotaTargetProto target;
    try {
      target = QuotaLayout.target(r.getRow());
    } catch (IllegalArgumentException e) {
      LOG.warn("skipping a quota row: {}", e.getMessage());
      return;
    }
    Throttles.Subject subject = subject(target);
    for (Cell c : r.rawCells()) {
      byte[] q = Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(),
          c.getQualifierLength());
      byte[] v = Bytes.copy(c.getValueArray(), c.getValueOffset(), c.getValueLength());
      if (Bytes.equals(q, QuotaLayout.BYPASS)) {
        if (Bytes.toString(v).equals("true") && !target.getUser().isEmpty()) {
          b.bypass(target.getUser());
        }
        continue;
      }
      if (Bytes.equals(q, QuotaLayout.SPACE_SNAPSHOT)) {
        readVerdict(target, v, verdicts);
        continue;
      }
      if (!QuotaLayout.isThrottle(q)) {
        continue; // a space limit: the master judges it
      }
      try {
        ThrottleProto p = ThrottleProto.parseFrom(v);
        ThrottleLimit limit = QuotaLayout.limit(p);
        ThrottleType type = ThrottleType.valueOf(p.getType());
        b.limit(subject, type, limit, p.getScope().equals("MACHINE") ? 1
            : 1.0 / Math.max(1, share(target)));
      } catch (IOException | IllegalArgumentException e) {
        LOG.warn("skipping throttle {} of {}: {}", Bytes.toString(q), subject.describe(),
            e.getMessage());
      }
    }
  }

  private static void readVerdict(QuotaTargetProto target, byte[] v,
      Map<TableName, SpaceSnapshotProto> verdicts) {
    if (target.getTable().isEmpty() || !target.getUser().isEmpty()) {
      return; // a namespace's verdict is written into each of its tables' too
    }
    try {
      SpaceSnapshotProto verdict = SpaceSnapshotProto.parseFrom(v);
      QuotaLayout.enforced(verdict); // refuses what it cannot read
      verdicts.put(TableName.valueOf(target.getTable()), verdict);
    } catch (IOException | IllegalArgumentException e) {
      LOG.warn("skipping the space verdict of table {}: {}", target.getTable(), e.getMessage());
    }
  }

  /**
   * Refuses a write to {@code table} that its space verdict's policy forbids; {@code inserts}:
   * the write puts, increments or appends (else it only deletes).
   */
  public void checkSpace(TableName table, boolean inserts) throws SpaceLimitingException {
    Map<TableName, SpaceSnapshotProto> verdicts = space;
    if (verdicts.isEmpty()) {
      return;
    }
    SpaceSnapshotProto v = verdicts.get(table);
    SpaceViolationPolicy p = v == null ? null : QuotaLayout.enforced(v);
    if (p != null && p.refuses(inserts)) {
      throw new SpaceLimitingException(table.toString(), p.name(), refusal(table, v, p,
          p.refused() + " are refused"));
    }
  }

  /**
   * Why compactions of {@code table} may not run now (its verdict's policy is
   * NO_WRITES_COMPACTIONS), or null if they may.
   */
  public String compactionRefusal(TableName table) {
    Map<TableName, SpaceSnapshotProto> verdicts = space;
    SpaceSnapshotProto v = verdicts.isEmpty() ? null : verdicts.get(table);
    SpaceViolationPolicy p = v == null ? null : QuotaLayout.enforced(v);
    return p != null && p.stopsCompactions() ? refusal(table, v, p, "compactions do not run")
        : null;
  }

  /** The space verdicts this server enforces, by table (see {@link #checkSpace}). */
  public Map<TableName, SpaceSnapshotProto> spaceVerdicts() {
    return space;
  }

  private static String refusal(TableName table, SpaceSnapshotProto v, SpaceViolationPolicy p,
      String what) {
    String ns = v.getNamespaceQuota();
    String target = ns.isEmpty() ? "TABLE => '" + table + "'" : "NAMESPACE => '" + ns + "'";
    return "table '" + table + "' is over " + (ns.isEmpty() ? "its" : "its namespace " + ns
        + "'s") + " space quota (" + QuotaSizes.human(v.getUsageBytes()) + " used of "
        + QuotaSizes.format(v.getLimitBytes()) + "): under policy " + p + ", " + what
        + (p == SpaceViolationPolicy.NO_INSERTS ? "; delete data and major_compact it, or"
            : ";") + " raise the limit with set_quota TYPE => SPACE, " + target
        + ", LIMIT => '<size>', POLICY => " + p + " (or remove it with LIMIT => NONE)";
  }

  private int share(QuotaTargetProto t) throws IOException {
    return t.getTable().isEmpty() ? servers.live()
        : servers.holding(TableName.valueOf(t.getTable()));
  }

  static Throttles.Subject subject(QuotaTargetProto t) {
    boolean user = !t.getUser().isEmpty();
    if (!t.getTable().isEmpty()) {
      return new Throttles.Subject(user ? Throttles.Scope.USER_TABLE : Throttles.Scope.TABLE,
          t.getUser(), t.getTable());
    }
    if (!t.getNamespace().isEmpty()) {
      return new Throttles.Subject(user ? Throttles.Scope.USER_NAMESPACE
          : Throttles.Scope.NAMESPACE, t.getUser(), t.getNamespace());
    }
    if (t.getRegionServers()) {
      return new Throttles.Subject(Throttles.Scope.REGIONSERVER, "", "all");
    }
    return new Throttles.Subject(Throttles.Scope.USER, t.getUser(), "");
  }
}
