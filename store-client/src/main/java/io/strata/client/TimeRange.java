package io.strata.client;

/**
 * Timestamps in {@code [min, max)}: min inclusive, max exclusive. {@code max == Long.MAX_VALUE}
 * means no upper bound. Immutable.
 *
 * <pre>{@code
 * TimeRange r = TimeRange.between(100, 200);   // 100 .. 199
 * r.withinTimeRange(199);                      // true
 * TimeRange.at(150);                           // exactly 150: [150, 151)
 * }</pre>
 */
public final class TimeRange {
  private static final TimeRange ALL_TIME = new TimeRange(0, Long.MAX_VALUE);

  private final long min;
  private final long max;

  private TimeRange(long min, long max) {
    this.min = min;
    this.max = max;
  }

  public static TimeRange allTime() {
    return ALL_TIME;
  }

  /**
   * {@code [min, max)}. An empty range ({@code max <= min}) is rejected rather than silently
   * matching nothing: it is almost always an off-by-one in the caller.
   */
  public static TimeRange between(long min, long max) {
    if (min < 0 || max < 0) {
      throw new IllegalArgumentException("time range [" + min + ", " + max + ") has a negative "
          + "bound; timestamps are milliseconds since the epoch, >= 0");
    }
    if (max <= min) {
      throw new IllegalArgumentException("time range [" + min + ", " + max + ") is empty: min is "
          + "inclusive and max exclusive, so max must be greater than min (for exactly one "
          + "timestamp t use setTimestamp(t), i.e. [t, t+1))");
    }
    return min == 0 && max == Long.MAX_VALUE ? ALL_TIME : new TimeRange(min, max);
  }

  /** Exactly {@code ts}: {@code [ts, ts + 1)}. */
  public static TimeRange at(long ts) {
    if (ts < 0 || ts == Long.MAX_VALUE) {
      throw new IllegalArgumentException("timestamp " + ts + " cannot be read on its own: "
          + "timestamps are >= 0, and " + Long.MAX_VALUE + " is LATEST_TIMESTAMP, which the "
          + "server replaces with its clock and never stores");
    }
    return new TimeRange(ts, ts + 1);
  }

  /** Inclusive lower bound. */
  public long getMin() {
    return min;
  }

  /** Exclusive upper bound; {@code Long.MAX_VALUE} when unbounded. */
  public long getMax() {
    return max;
  }

  public boolean isAllTime() {
    return min == 0 && max == Long.MAX_VALUE;
  }

  public boolean withinTimeRange(long ts) {
    return ts >= min && ts < max;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TimeRange t && t.min == min && t.max == max;
  }

  @Override
  public int hashCode() {
    return Long.hashCode(min) * 31 + Long.hashCode(max);
  }

  @Override
  public String toString() {
    return "[" + min + ", " + (max == Long.MAX_VALUE ? "MAX" : Long.toString(max)) + ")";
  }
}
