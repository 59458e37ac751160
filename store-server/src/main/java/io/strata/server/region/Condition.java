package io.strata.server.region;

import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.Filter;

/**
 * The test of a check-and-mutate, on the row's newest values with a timestamp in
 * {@code [minTimestamp, maxTimestamp)} (all time unless narrowed): {@code value <op> stored} for
 * one column; with a null value, that the column has no value at all; or, with a filter, that
 * the row read through the filter is not empty (HBase's {@code ifMatches(Filter)}). A filter
 * carries state, so give each check-and-mutate its own. {@code visible}, when set, hides the
 * cells the caller may not see from the test.
 */
public record Condition(byte[] family, byte[] qualifier, CompareOperator op, byte[] value,
    Filter filter, long minTimestamp, long maxTimestamp,
    java.util.function.Predicate<io.strata.common.cell.Cell> visible) {
  public Condition {
    if (filter == null && (family == null || qualifier == null || op == null)) {
      throw new IllegalArgumentException("a condition needs a column and an operator, or a "
          + "filter");
    }
    if (minTimestamp < 0 || maxTimestamp <= minTimestamp) {
      throw new IllegalArgumentException("condition time range [" + minTimestamp + ", "
          + maxTimestamp + ") is empty or negative");
    }
  }

  public Condition(byte[] family, byte[] qualifier, CompareOperator op, byte[] value,
      Filter filter) {
    this(family, qualifier, op, value, filter, 0, Long.MAX_VALUE, null);
  }

  public Condition(byte[] family, byte[] qualifier, CompareOperator op, byte[] value) {
    this(family, qualifier, op, value, null);
  }

  public static Condition ifNotExists(byte[] family, byte[] qualifier) {
    return new Condition(family, qualifier, CompareOperator.EQUAL, null);
  }

  public static Condition ifEquals(byte[] family, byte[] qualifier, byte[] value) {
    return new Condition(family, qualifier, CompareOperator.EQUAL, value);
  }

  /** Holds when the row has a cell that the filter lets through. */
  public static Condition ifMatches(Filter filter) {
    if (filter == null) {
      throw new IllegalArgumentException("ifMatches needs a filter");
    }
    return new Condition(null, null, null, null, filter);
  }

  /** The same test on the cells with a timestamp in {@code [min, max)} only. */
  public Condition withTimeRange(long min, long max) {
    return new Condition(family, qualifier, op, value, filter, min, max, visible);
  }

  /**
   * The same test on the cells {@code check} accepts only (a call gate's view for the caller:
   * cells hidden from it count as absent); null: all.
   */
  public Condition withCellCheck(java.util.function.Predicate<io.strata.common.cell.Cell> check) {
    return new Condition(family, qualifier, op, value, filter, minTimestamp, maxTimestamp, check);
  }
}
