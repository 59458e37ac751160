package io.strata.common.quota;

import io.strata.common.proto.QuotaProtos.QuotaTargetProto;
import io.strata.common.proto.QuotaProtos.SpaceQuotaProto;
import io.strata.common.proto.QuotaProtos.SpaceSnapshotProto;
import io.strata.common.proto.QuotaProtos.ThrottleProto;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.util.concurrent.TimeUnit;

/**
 * How strata:quota holds quota settings (docs/formats/quota.md): a row per target, {@code
 * u.<user>}, {@code t.<table>}, {@code n.<namespace>}, {@code u.<user>|t.<table>}, {@code
 * u.<user>|n.<namespace>} or {@code rs.all}; in family {@code q}, a cell per throttle named by
 * its type holding a {@link ThrottleProto}, a cell {@code bypass} holding "true", a table's or
 * namespace's space limit in {@code space} ({@link SpaceQuotaProto}) and the master's verdict
 * on it in {@code space_snapshot} ({@link SpaceSnapshotProto}). The row
 * {@code switches} holds the cluster's switches, {@code rpc_throttle} and
 * {@code exceed_throttle}, "true" or "false".
 */
public final class QuotaLayout {
  public static final TableName TABLE = TableName.valueOf(TableName.SYSTEM_NAMESPACE, "quota");
  public static final byte[] FAMILY = Bytes.toBytes("q");
  public static final byte[] BYPASS = Bytes.toBytes("bypass");
  /** The row of the cluster's switches, not a target. */
  public static final byte[] SWITCHES = Bytes.toBytes("switches");
  /** Whether throttles are enforced at all ("false" turns them off, keeping the settings). */
  public static final byte[] RPC_THROTTLE = Bytes.toBytes("rpc_throttle");
  /** Whether user, table and namespace throttles may be exceeded while the servers' have room. */
  public static final byte[] EXCEED_THROTTLE = Bytes.toBytes("exceed_throttle");
  /** A table's or namespace's space limit. */
  public static final byte[] SPACE = Bytes.toBytes("space");
  /** The master's verdict on a table's or namespace's space use. */
  public static final byte[] SPACE_SNAPSHOT = Bytes.toBytes("space_snapshot");
  public static final int THROTTLE_VERSION = 1;
  public static final int SPACE_VERSION = 1;

  private QuotaLayout() {}

  public static TableDescriptor descriptor() {
    return TableDescriptor.newBuilder(TABLE).setColumnFamily(ColumnFamilyDescriptor
        .newBuilder(FAMILY).setMaxVersions(1).setInMemory(true).build()).build();
  }

  /** The row of a target. */
  public static byte[] row(QuotaTargetProto t) {
    String user = t.getUser().isEmpty() ? null : "u." + t.getUser();
    String other = !t.getTable().isEmpty() ? "t." + t.getTable()
        : !t.getNamespace().isEmpty() ? "n." + t.getNamespace()
        : t.getRegionServers() ? "rs.all" : null;
    if (user == null && other == null) {
      throw new IllegalArgumentException("a quota target names no user, table, namespace or"
          + " region servers");
    }
    return Bytes.toBytes(user == null ? other : other == null ? user : user + "|" + other);
  }

  /** The target of a row; an IllegalArgumentException for a row that is none. */
  public static QuotaTargetProto target(byte[] row) {
    String s = Bytes.toString(row);
    QuotaTargetProto.Builder b = QuotaTargetProto.newBuilder();
    for (String part : s.split("\\|", -1)) {
      if (part.startsWith("u.") && part.length() > 2 && b.getUser().isEmpty()) {
        b.setUser(part.substring(2));
      } else if (part.startsWith("t.") && part.length() > 2) {
        b.setTable(part.substring(2));
      } else if (part.startsWith("n.") && part.length() > 2) {
        b.setNamespace(part.substring(2));
      } else if (part.equals("rs.all")) {
        b.setRegionServers(true);
      } else {
        throw new IllegalArgumentException("strata:quota row '" + Bytes.toStringBinary(row)
            + "' names no quota target");
      }
    }
    return b.build();
  }

  public static ThrottleProto toProto(ThrottleType type, ThrottleLimit limit, String scope) {
    return ThrottleProto.newBuilder().setVersion(THROTTLE_VERSION).setType(type.name())
        .setAmount(limit.amount()).setUnit(limit.unit().name()).setPer(limit.per().name())
        .setScope(scope).build();
  }

  /** A stored throttle's limit; an IllegalArgumentException says what is wrong with it. */
  public static ThrottleLimit limit(ThrottleProto p) {
    if (p.getVersion() != THROTTLE_VERSION) {
      throw new IllegalArgumentException("throttle record version " + p.getVersion()
          + " is not known to this version (which reads " + THROTTLE_VERSION + ")");
    }
    return new ThrottleLimit(p.getAmount(), ThrottleLimit.Unit.valueOf(p.getUnit()),
        TimeUnit.valueOf(p.getPer()));
  }

  /** Whether a cell of a target's row is a throttle (named by its type), not another setting. */
  public static boolean isThrottle(byte[] qualifier) {
    return !Bytes.equals(qualifier, BYPASS) && !Bytes.equals(qualifier, SPACE)
        && !Bytes.equals(qualifier, SPACE_SNAPSHOT);
  }

  public static SpaceQuotaProto toProto(long limitBytes, SpaceViolationPolicy policy) {
    return SpaceQuotaProto.newBuilder().setVersion(SPACE_VERSION).setLimitBytes(limitBytes)
        .setPolicy(policy.name()).build();
  }

  /** A stored space limit's policy; an IllegalArgumentException says what is wrong with it. */
  public static SpaceViolationPolicy policy(SpaceQuotaProto p) {
    if (p.getVersion() != SPACE_VERSION) {
      throw new IllegalArgumentException("space quota record version " + p.getVersion()
          + " is not known to this version (which reads " + SPACE_VERSION + ")");
    }
    if (p.getLimitBytes() <= 0) {
      throw new IllegalArgumentException("a space limit must be above 0 bytes, got "
          + p.getLimitBytes());
    }
    return SpaceViolationPolicy.of(p.getPolicy());
  }

  /**
   * The policy a stored verdict enforces, or null when it is within its limit; an
   * IllegalArgumentException says what is wrong with it.
   */
  public static SpaceViolationPolicy enforced(SpaceSnapshotProto s) {
    if (s.getVersion() != SPACE_VERSION) {
      throw new IllegalArgumentException("space snapshot record version " + s.getVersion()
          + " is not known to this version (which reads " + SPACE_VERSION + ")");
    }
    return s.getInViolation() ? SpaceViolationPolicy.of(s.getPolicy()) : null;
  }
}
