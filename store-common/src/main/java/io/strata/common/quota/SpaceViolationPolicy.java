package io.strata.common.quota;

/**
 * What a table over its space quota may no longer do, as HBase's policies: the strictest first.
 */
public enum SpaceViolationPolicy {
  /** The master disables the table; it enables it again once the table is within its limit. */
  DISABLE,
  /** No puts, deletes, increments or appends, and no compactions. */
  NO_WRITES_COMPACTIONS,
  /** No puts, deletes, increments or appends. */
  NO_WRITES,
  /** No puts, increments or appends; deletes go ahead (they free space once compacted). */
  NO_INSERTS;

  /** Whether the policy refuses a write; {@code inserts}: it puts, increments or appends. */
  public boolean refuses(boolean inserts) {
    return inserts || this != NO_INSERTS;
  }

  /** Whether the policy stops compactions. */
  public boolean stopsCompactions() {
    return this == NO_WRITES_COMPACTIONS;
  }

  /** What the policy refuses, for errors. */
  public String refused() {
    return this == NO_INSERTS ? "puts, increments and appends"
        : "puts, deletes, increments and appends";
  }

  /** The policy named {@code name}; an IllegalArgumentException names the policies. */
  public static SpaceViolationPolicy of(String name) {
    try {
      return valueOf(name);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException("space quota policy '" + name + "' is not one of"
          + " NO_INSERTS, NO_WRITES, NO_WRITES_COMPACTIONS, DISABLE");
    }
  }
}
