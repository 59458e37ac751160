package io.strata.client.quotas;

import io.strata.common.quota.SpaceViolationPolicy;
import java.util.Objects;
import java.util.Optional;

/**
 * The master's verdict on a table's or namespace's space use, as HBase's SpaceQuotaSnapshot:
 * what it uses, its limit, and whether it is over it and under which policy. A table under its
 * namespace's quota carries the namespace's usage and limit.
 */
public final class SpaceQuotaSnapshot {
  /** Whether a table or namespace is over its limit, and the policy then in force. */
  public static final class SpaceQuotaStatus {
    private final SpaceViolationPolicy policy;

    SpaceQuotaStatus(SpaceViolationPolicy policy) {
      this.policy = policy;
    }

    public boolean isInViolation() {
      return policy != null;
    }

    /** The policy in force; empty while within the limit. */
    public Optional<SpaceViolationPolicy> getPolicy() {
      return Optional.ofNullable(policy);
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof SpaceQuotaStatus s && policy == s.policy;
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(policy);
    }

    @Override
    public String toString() {
      return isInViolation() ? "in violation of " + policy : "within its limit";
    }
  }

  private final SpaceQuotaStatus status;
  private final long usage;
  private final long limit;

  public SpaceQuotaSnapshot(SpaceViolationPolicy inForce, long usage, long limit) {
    this.status = new SpaceQuotaStatus(inForce);
    this.usage = usage;
    this.limit = limit;
  }

  public SpaceQuotaStatus getQuotaStatus() {
    return status;
  }

  /** Bytes used, as the master last counted them. */
  public long getUsage() {
    return usage;
  }

  /** The limit in bytes. */
  public long getLimit() {
    return limit;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SpaceQuotaSnapshot s && status.equals(s.status) && usage == s.usage
        && limit == s.limit;
  }

  @Override
  public int hashCode() {
    return Objects.hash(status, usage, limit);
  }

  @Override
  public String toString() {
    return "SpaceQuotaSnapshot[" + status + ", usage=" + usage + ", limit=" + limit + "]";
  }
}
