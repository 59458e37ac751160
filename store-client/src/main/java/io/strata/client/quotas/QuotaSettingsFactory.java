package io.strata.client.quotas;

import io.strata.common.quota.SpaceViolationPolicy;
import io.strata.common.quota.ThrottleLimit;
import io.strata.common.quota.ThrottleType;
import io.strata.common.schema.TableName;
import java.util.concurrent.TimeUnit;

/**
 * Makes quota settings as HBase's QuotaSettingsFactory does. A limit counts requests, bytes or
 * capacity units as its type says, per second, minute, hour or day.
 *
 * <pre>{@code
 * admin.setQuota(QuotaSettingsFactory.throttleUser("analytics", ThrottleType.READ_NUMBER, 500,
 *     TimeUnit.SECONDS));
 * admin.setQuota(QuotaSettingsFactory.unthrottleUser("analytics"));
 * }</pre>
 */
public final class QuotaSettingsFactory {
  /** The target of every region server, as HBase's shell writes it. */
  public static final String ALL_REGION_SERVERS = "all";

  private QuotaSettingsFactory() {}

  private static ThrottleLimit limit(ThrottleType type, long limit, TimeUnit unit) {
    if (type == null) {
      throw new IllegalArgumentException("a throttle needs its type, such as READ_NUMBER");
    }
    return new ThrottleLimit(limit, type.unit(), unit);
  }

  public static ThrottleSettings throttleUser(String user, ThrottleType type, long limit,
      TimeUnit unit) {
    return throttleUser(user, type, limit, unit, QuotaScope.CLUSTER);
  }

  public static ThrottleSettings throttleUser(String user, ThrottleType type, long limit,
      TimeUnit unit, QuotaScope scope) {
    return new ThrottleSettings(user, null, null, null, type, limit(type, limit, unit), scope);
  }

  public static ThrottleSettings throttleUser(String user, TableName table, ThrottleType type,
      long limit, TimeUnit unit) {
    return throttleUser(user, table, type, limit, unit, QuotaScope.CLUSTER);
  }

  public static ThrottleSettings throttleUser(String user, TableName table, ThrottleType type,
      long limit, TimeUnit unit, QuotaScope scope) {
    return new ThrottleSettings(user, table, null, null, type, limit(type, limit, unit), scope);
  }

  public static ThrottleSettings throttleUser(String user, String namespace, ThrottleType type,
      long limit, TimeUnit unit) {
    return throttleUser(user, namespace, type, limit, unit, QuotaScope.CLUSTER);
  }

  public static ThrottleSettings throttleUser(String user, String namespace, ThrottleType type,
      long limit, TimeUnit unit, QuotaScope scope) {
    return new ThrottleSettings(user, null, namespace, null, type, limit(type, limit, unit),
        scope);
  }

  public static ThrottleSettings throttleTable(TableName table, ThrottleType type, long limit,
      TimeUnit unit) {
    return throttleTable(table, type, limit, unit, QuotaScope.CLUSTER);
  }

  public static ThrottleSettings throttleTable(TableName table, ThrottleType type, long limit,
      TimeUnit unit, QuotaScope scope) {
    return new ThrottleSettings(null, table, null, null, type, limit(type, limit, unit), scope);
  }

  public static ThrottleSettings throttleNamespace(String namespace, ThrottleType type,
      long limit, TimeUnit unit) {
    return throttleNamespace(namespace, type, limit, unit, QuotaScope.CLUSTER);
  }

  public static ThrottleSettings throttleNamespace(String namespace, ThrottleType type,
      long limit, TimeUnit unit, QuotaScope scope) {
    return new ThrottleSettings(null, null, namespace, null, type, limit(type, limit, unit),
        scope);
  }

  /** A throttle each region server holds by itself ({@code REGIONSERVER => 'all'}). */
  public static ThrottleSettings throttleRegionServer(String regionServer, ThrottleType type,
      long limit, TimeUnit unit) {
    return new ThrottleSettings(null, null, null, regionServer(regionServer), type,
        limit(type, limit, unit), QuotaScope.MACHINE);
  }

  public static ThrottleSettings unthrottleUser(String user) {
    return new ThrottleSettings(user, null, null, null, null, null, null);
  }

  public static ThrottleSettings unthrottleUser(String user, TableName table) {
    return new ThrottleSettings(user, table, null, null, null, null, null);
  }

  public static ThrottleSettings unthrottleUser(String user, String namespace) {
    return new ThrottleSettings(user, null, namespace, null, null, null, null);
  }

  public static ThrottleSettings unthrottleTable(TableName table) {
    return new ThrottleSettings(null, table, null, null, null, null, null);
  }

  public static ThrottleSettings unthrottleNamespace(String namespace) {
    return new ThrottleSettings(null, null, namespace, null, null, null, null);
  }

  public static ThrottleSettings unthrottleRegionServer(String regionServer) {
    return new ThrottleSettings(null, null, null, regionServer(regionServer), null, null, null);
  }

  /** Removes only the user's throttle of {@code type}. */
  public static ThrottleSettings unthrottleUserByThrottleType(String user, ThrottleType type) {
    return new ThrottleSettings(user, null, null, null, type, null, null);
  }

  public static ThrottleSettings unthrottleUserByThrottleType(String user, TableName table,
      ThrottleType type) {
    return new ThrottleSettings(user, table, null, null, type, null, null);
  }

  public static ThrottleSettings unthrottleUserByThrottleType(String user, String namespace,
      ThrottleType type) {
    return new ThrottleSettings(user, null, namespace, null, type, null, null);
  }

  public static ThrottleSettings unthrottleRegionServerByThrottleType(String regionServer,
      ThrottleType type) {
    return new ThrottleSettings(null, null, null, regionServer(regionServer), type, null, null);
  }

  public static ThrottleSettings unthrottleTableByThrottleType(TableName table,
      ThrottleType type) {
    return new ThrottleSettings(null, table, null, null, type, null, null);
  }

  public static ThrottleSettings unthrottleNamespaceByThrottleType(String namespace,
      ThrottleType type) {
    return new ThrottleSettings(null, null, namespace, null, type, null, null);
  }

  /** {@code GLOBAL_BYPASS => true}: no throttle counts the user's requests. */
  public static GlobalBypassSettings bypassGlobals(String user, boolean bypass) {
    return new GlobalBypassSettings(user, bypass);
  }

  /**
   * A table's space limit in bytes and what it may no longer do once over it ({@code set_quota
   * TYPE => SPACE, TABLE => 't1', LIMIT => '1G', POLICY => NO_INSERTS}).
   */
  public static SpaceLimitSettings limitTableSpace(TableName table, long sizeLimit,
      SpaceViolationPolicy policy) {
    return new SpaceLimitSettings(requireTable(table), null, sizeLimit, requirePolicy(policy));
  }

  /** Removes a table's space limit ({@code LIMIT => NONE}). */
  public static SpaceLimitSettings removeTableSpaceLimit(TableName table) {
    return new SpaceLimitSettings(requireTable(table), null, 0, null);
  }

  /** A namespace's space limit in bytes, over the sum of its tables' sizes. */
  public static SpaceLimitSettings limitNamespaceSpace(String namespace, long sizeLimit,
      SpaceViolationPolicy policy) {
    return new SpaceLimitSettings(null, requireNamespace(namespace), sizeLimit,
        requirePolicy(policy));
  }

  /** Removes a namespace's space limit. */
  public static SpaceLimitSettings removeNamespaceSpaceLimit(String namespace) {
    return new SpaceLimitSettings(null, requireNamespace(namespace), 0, null);
  }

  private static TableName requireTable(TableName table) {
    if (table == null) {
      throw new IllegalArgumentException("a table space quota needs its table");
    }
    return table;
  }

  private static String requireNamespace(String namespace) {
    if (namespace == null || namespace.isEmpty()) {
      throw new IllegalArgumentException("a namespace space quota needs its namespace");
    }
    return namespace;
  }

  private static SpaceViolationPolicy requirePolicy(SpaceViolationPolicy policy) {
    if (policy == null) {
      throw new IllegalArgumentException("a space quota needs its policy: NO_INSERTS,"
          + " NO_WRITES, NO_WRITES_COMPACTIONS or DISABLE");
    }
    return policy;
  }

  private static String regionServer(String rs) {
    if (!ALL_REGION_SERVERS.equals(rs)) {
      throw new IllegalArgumentException("a region server quota is for every server: give '"
          + ALL_REGION_SERVERS + "', not '" + rs + "'");
    }
    return rs;
  }
}
