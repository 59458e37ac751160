package io.strata.common.quota;

/**
 * What a throttle counts, as HBase names it: requests, their bytes or their capacity units, of
 * every kind, of reads (gets, scanner calls) or of writes (mutations, each action of a batch).
 */
public enum ThrottleType {
  REQUEST_NUMBER(Kind.ANY, ThrottleLimit.Unit.REQUESTS),
  REQUEST_SIZE(Kind.ANY, ThrottleLimit.Unit.BYTES),
  REQUEST_CAPACITY_UNIT(Kind.ANY, ThrottleLimit.Unit.CAPACITY_UNITS),
  READ_NUMBER(Kind.READ, ThrottleLimit.Unit.REQUESTS),
  READ_SIZE(Kind.READ, ThrottleLimit.Unit.BYTES),
  READ_CAPACITY_UNIT(Kind.READ, ThrottleLimit.Unit.CAPACITY_UNITS),
  WRITE_NUMBER(Kind.WRITE, ThrottleLimit.Unit.REQUESTS),
  WRITE_SIZE(Kind.WRITE, ThrottleLimit.Unit.BYTES),
  WRITE_CAPACITY_UNIT(Kind.WRITE, ThrottleLimit.Unit.CAPACITY_UNITS);

  /** Which requests a throttle counts. */
  public enum Kind { ANY, READ, WRITE }

  private final Kind kind;
  private final ThrottleLimit.Unit unit;

  ThrottleType(Kind kind, ThrottleLimit.Unit unit) {
    this.kind = kind;
    this.unit = unit;
  }

  public Kind kind() {
    return kind;
  }

  public ThrottleLimit.Unit unit() {
    return unit;
  }

  /** Whether it counts a request of {@code k} (READ or WRITE). */
  public boolean counts(Kind k) {
    return kind == Kind.ANY || kind == k;
  }

  /**
   * The type HBase's shell means by {@code THROTTLE_TYPE => kind} (REQUEST when absent) with a
   * limit in {@code unit}: READ with {@code 10req/sec} is READ_NUMBER, with {@code 10M/sec}
   * READ_SIZE.
   */
  public static ThrottleType of(Kind k, ThrottleLimit.Unit unit) {
    for (ThrottleType t : values()) {
      if (t.kind == k && t.unit == unit) {
        return t;
      }
    }
    throw new IllegalStateException("no throttle type for " + k + " and " + unit);
  }
}
