package io.strata.client.quotas;

import io.strata.common.quota.QuotaSizes;
import io.strata.common.quota.SpaceViolationPolicy;
import io.strata.common.schema.TableName;
import java.util.Objects;

/**
 * A table's or a namespace's space limit and what it may no longer do once over it, or the
 * removal of its limit ({@link #isRemove}), as HBase's SpaceLimitSettings.
 */
public final class SpaceLimitSettings extends QuotaSettings {
  private final long sizeLimit;
  private final SpaceViolationPolicy policy;

  SpaceLimitSettings(TableName table, String namespace, long sizeLimit,
      SpaceViolationPolicy policy) {
    super(null, table, namespace, null);
    if (table == null && namespace == null) {
      throw new IllegalArgumentException("a space quota is for a table or a namespace: give"
          + " TABLE => 't1' or NAMESPACE => 'ns1'");
    }
    if (policy != null && sizeLimit <= 0) {
      throw new IllegalArgumentException("a space limit must be above 0 bytes, got " + sizeLimit
          + "; to remove a space quota set LIMIT => NONE");
    }
    this.sizeLimit = policy == null ? 0 : sizeLimit;
    this.policy = policy;
  }

  @Override
  public QuotaType getQuotaType() {
    return QuotaType.SPACE;
  }

  /** The limit in bytes; 0 for a removal. */
  public long getSizeLimit() {
    return sizeLimit;
  }

  /** The policy once over the limit; null for a removal. */
  public SpaceViolationPolicy getViolationPolicy() {
    return policy;
  }

  /** Whether this removes the target's space limit. */
  public boolean isRemove() {
    return policy == null;
  }

  /** As HBase's list_quotas writes it. */
  @Override
  public String toString() {
    return target() + ", TYPE => SPACE" + (isRemove() ? ", LIMIT => NONE"
        : ", LIMIT => " + QuotaSizes.format(sizeLimit) + ", VIOLATION_POLICY => " + policy);
  }

  @Override
  public boolean equals(Object o) {
    return super.equals(o) && o instanceof SpaceLimitSettings s && sizeLimit == s.sizeLimit
        && policy == s.policy;
  }

  @Override
  public int hashCode() {
    return super.hashCode() * 31 + Objects.hash(sizeLimit, policy);
  }
}
