package io.strata.client;

import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.Filter;
import io.strata.common.util.Bytes;
import java.util.Arrays;

/**
 * Applies a Put, Delete, Increment, Append or RowMutations to a row only if a condition on the
 * same row holds, atomically: nothing can change the row between the check and the write.
 *
 * <pre>{@code
 * CheckAndMutate cam = CheckAndMutate.newBuilder(row)
 *     .ifEquals(cf, Bytes.toBytes("version"), Bytes.toBytes(7L))
 *     .build(new Put(row).addColumn(cf, Bytes.toBytes("version"), Bytes.toBytes(8L)));
 * boolean applied = table.checkAndMutate(cam).isSuccess();
 *
 * // An Increment or Append action answers with its new values:
 * CheckAndMutateResult r = table.checkAndMutate(CheckAndMutate.newBuilder(row)
 *     .ifNotExists(cf, Bytes.toBytes("closed"))
 *     .build(new Increment(row).addColumn(cf, Bytes.toBytes("visits"), 1)));
 * long visits = Bytes.toLong(r.getResult().getValue(cf, Bytes.toBytes("visits")));
 * }</pre>
 *
 * <p>The condition is either a column compared with a value, read as
 * {@code value <op> stored} (see {@link CompareOperator}), where a null value means "the column
 * is absent" (with NOT_EQUAL: "present"), or a {@link Filter} the row must match. It is tested
 * on the newest values of the row, or with {@link Builder#timeRange} on the newest values
 * within a time range.
 *
 * <p>The action is returned as a {@link Row}, a sealed type: it is a {@link Put}, a
 * {@link Delete}, an {@link Increment}, an {@link Append} or a {@link RowMutations}.
 */
public final class CheckAndMutate implements Row {
  private final byte[] row;
  private final byte[] family;
  private final byte[] qualifier;
  private final CompareOperator op;
  private final byte[] value;
  private final Filter filter;
  private final TimeRange timeRange;
  private final Row action;

  private CheckAndMutate(Builder b, Row action) {
    this.row = b.row;
    this.family = b.family;
    this.qualifier = b.qualifier;
    this.op = b.op;
    this.value = b.value;
    this.filter = b.filter;
    this.timeRange = b.timeRange;
    this.action = action;
  }

  /** Starts a CheckAndMutate of {@code row}: set one condition, then build with the action. */
  public static Builder newBuilder(byte[] row) {
    return new Builder(row);
  }

  /** Collects the condition; each build method checks it and the action's row. */
  public static final class Builder {
    private final byte[] row;
    private byte[] family;
    private byte[] qualifier;
    private CompareOperator op;
    private byte[] value;
    private Filter filter;
    private TimeRange timeRange = TimeRange.allTime();

    private Builder(byte[] row) {
      this.row = Operations.checkRow(row, "CheckAndMutate row");
    }

    /** The condition holds when the column has no cell. */
    public Builder ifNotExists(byte[] family, byte[] qualifier) {
      return ifMatches(family, qualifier, CompareOperator.EQUAL, null);
    }

    /** The condition holds when the column's newest value equals {@code value}. */
    public Builder ifEquals(byte[] family, byte[] qualifier, byte[] value) {
      if (value == null) {
        throw new IllegalArgumentException("ifEquals needs a value; to test that the column is "
            + "absent use ifNotExists");
      }
      return ifMatches(family, qualifier, CompareOperator.EQUAL, value);
    }

    /**
     * The condition holds when {@code value <op> newest stored value}. A null value tests
     * absence (EQUAL) or presence (NOT_EQUAL) of the column.
     */
    public Builder ifMatches(byte[] family, byte[] qualifier, CompareOperator op, byte[] value) {
      checkNoCondition();
      if (op == null) {
        throw new IllegalArgumentException("compare operator is null; use one of "
            + Arrays.toString(CompareOperator.values()));
      }
      if (value == null && op != CompareOperator.EQUAL && op != CompareOperator.NOT_EQUAL) {
        throw new IllegalArgumentException("compare operator " + op + " needs a value; only "
            + "EQUAL (column absent) and NOT_EQUAL (column present) work without one");
      }
      this.family = Operations.checkFamily(family);
      this.qualifier = Operations.qualifier(qualifier);
      this.op = op;
      this.value = value;
      return this;
    }

    /** The condition holds when the row matches {@code filter}. */
    public Builder ifMatches(Filter filter) {
      checkNoCondition();
      if (filter == null) {
        throw new IllegalArgumentException("filter is null; pass the filter the row must match");
      }
      this.filter = filter;
      return this;
    }

    /**
     * Tests the condition on the newest cells with a timestamp in {@code range} only, as
     * HBase's {@code timeRange}: a column whose cells all lie outside it counts as absent.
     * All time by default.
     */
    public Builder timeRange(TimeRange range) {
      if (range == null) {
        throw new IllegalArgumentException("time range is null; use TimeRange.allTime() for "
            + "no limit");
      }
      this.timeRange = range;
      return this;
    }

    public CheckAndMutate build(Put put) {
      return build(put, "Put");
    }

    public CheckAndMutate build(Delete delete) {
      return build(delete, "Delete");
    }

    /** The increment's new values come back in {@link CheckAndMutateResult#getResult()}. */
    public CheckAndMutate build(Increment increment) {
      return build(increment, "Increment");
    }

    /** The append's new values come back in {@link CheckAndMutateResult#getResult()}. */
    public CheckAndMutate build(Append append) {
      return build(append, "Append");
    }

    public CheckAndMutate build(RowMutations mutations) {
      return build(mutations, "RowMutations");
    }

    private CheckAndMutate build(Row action, String kind) {
      if (op == null && filter == null) {
        throw new IllegalArgumentException("CheckAndMutate of row " + Operations.rowString(row)
            + " has no condition; call ifNotExists, ifEquals or ifMatches before build");
      }
      if (action == null) {
        throw new IllegalArgumentException("the " + kind + " to apply is null");
      }
      if (!Arrays.equals(action.getRow(), row)) {
        throw new IllegalArgumentException("the " + kind + " row "
            + Operations.rowString(action.getRow()) + " differs from the CheckAndMutate row "
            + Operations.rowString(row) + "; the check and the change must be of one row");
      }
      return new CheckAndMutate(this, action);
    }

    private void checkNoCondition() {
      if (op != null || filter != null) {
        throw new IllegalArgumentException("this CheckAndMutate already has a condition ("
            + (filter != null ? "a filter" : "a column test") + "); it takes one: combine "
            + "tests with a FilterList and ifMatches(Filter)");
      }
    }
  }

  /** The row checked and changed; the array is shared, do not change it. */
  public byte[] getRow() {
    return row;
  }

  /** The family tested, or null for a filter condition. */
  public byte[] getFamily() {
    return family;
  }

  /** The qualifier tested, or null for a filter condition. */
  public byte[] getQualifier() {
    return qualifier;
  }

  /** The comparison, or null for a filter condition. */
  public CompareOperator getCompareOp() {
    return op;
  }

  /** The value compared with; null means the test is for the column's absence (or presence). */
  public byte[] getValue() {
    return value;
  }

  /** The filter the row must match, or null for a column condition. */
  public Filter getFilter() {
    return filter;
  }

  public boolean hasFilter() {
    return filter != null;
  }

  /** The time range the condition is tested in; all time unless set. */
  public TimeRange getTimeRange() {
    return timeRange;
  }

  /**
   * The {@link Put}, {@link Delete}, {@link Increment}, {@link Append} or {@link RowMutations}
   * applied when the condition holds.
   */
  public Row getAction() {
    return action;
  }

  @Override
  public String toString() {
    String condition = filter != null ? "filter=" + filter
        : Bytes.toStringBinary(family) + ":"
            + Bytes.toStringBinary(qualifier) + " " + op + " "
            + (value == null ? "<absent>" : Bytes.toStringBinary(value));
    return "CheckAndMutate{row=" + Operations.rowString(row) + ", if " + condition
        + (timeRange.isAllTime() ? "" : " in " + timeRange) + ", action=" + action + "}";
  }
}
