package io.strata.client.quotas;

import io.strata.common.quota.ThrottleLimit;
import io.strata.common.quota.ThrottleType;
import io.strata.common.schema.TableName;
import java.util.Objects;

/**
 * A request throttle: its type and limit (null: remove the throttle of that type, or every
 * throttle of the target when the type is null too) and its scope.
 */
public final class ThrottleSettings extends QuotaSettings {
  private final ThrottleType type;
  private final ThrottleLimit limit;
  private final QuotaScope scope;

  ThrottleSettings(String user, TableName table, String namespace, String regionServer,
      ThrottleType type, ThrottleLimit limit, QuotaScope scope) {
    super(user, table, namespace, regionServer);
    if (limit != null && type == null) {
      throw new IllegalArgumentException("a throttle limit needs its type");
    }
    if (limit != null && limit.unit() != type.unit()) {
      throw new IllegalArgumentException("a " + type + " throttle takes a limit in "
          + type.unit().name().toLowerCase(java.util.Locale.ROOT) + ", not " + limit);
    }
    this.type = type;
    this.limit = limit;
    this.scope = scope == null ? QuotaScope.CLUSTER : scope;
  }

  @Override
  public QuotaType getQuotaType() {
    return QuotaType.THROTTLE;
  }

  /** The type, or null for every type (a removal). */
  public ThrottleType getThrottleType() {
    return type;
  }

  /** The limit, or null for a removal. */
  public ThrottleLimit getLimit() {
    return limit;
  }

  public QuotaScope getQuotaScope() {
    return scope;
  }

  /** As HBase's list_quotas writes it. */
  @Override
  public String toString() {
    return target() + ", TYPE => THROTTLE" + (type == null ? "" : ", THROTTLE_TYPE => " + type)
        + ", LIMIT => " + (limit == null ? "NONE" : limit) + ", SCOPE => " + scope;
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && o instanceof ThrottleSettings t && type == t.type
        && Objects.equals(limit, t.limit) && scope == t.scope;
  }

  @Override
  public int hashCode() {
    return Objects.hash(super.hashCode(), type, limit, scope);
  }
}
