package io.strata.client;

import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;

/**
 * Appends bytes to the current values of columns of one row, atomically on the server (a
 * missing column is taken as empty). The answer holds the new values unless
 * {@link #setReturnResults} is false.
 *
 * <pre>{@code
 * table.append(new Append(Bytes.toBytes("log/today"))
 *     .addColumn(Bytes.toBytes("l"), Bytes.toBytes("lines"), Bytes.toBytes("started\n"))
 *     .setReturnResults(false));
 * }</pre>
 *
 * Each suffix travels as a PUT cell at the latest timestamp whose value is the suffix.
 */
public final class Append extends Mutation {
  private boolean returnResults = true;
  private TimeRange timeRange = TimeRange.allTime();

  public Append(byte[] row) {
    super(row, CellLimits.LATEST_TIMESTAMP);
  }

  /** Appends {@code value} to the column; null is taken as empty. */
  public Append addColumn(byte[] family, byte[] qualifier, byte[] value) {
    Operations.checkFamily(family);
    addCell(family, KeyValue.of(getRow(), family, Operations.qualifier(qualifier),
        CellLimits.LATEST_TIMESTAMP, CellType.PUT, Operations.value(value)));
    return this;
  }

  /** False answers with no cells, saving the transfer when the new values are not needed. */
  public Append setReturnResults(boolean returnResults) {
    this.returnResults = returnResults;
    return this;
  }

  public boolean isReturnResults() {
    return returnResults;
  }

  /**
   * The read of the current values sees only cells with a timestamp in {@code [min, max)}, as
   * HBase's {@code setTimeRange}: for values partitioned by time. The current value of a
   * column is its newest cell in the range, and a column with none there counts as empty; the new
   * value is written at the server's clock, or at the timestamp of the cell read if later.
   */
  public Append setTimeRange(long min, long max) {
    timeRange = TimeRange.between(min, max);
    return this;
  }

  /** The range the read of the current values sees; all time by default. */
  public TimeRange getTimeRange() {
    return timeRange;
  }

  @Override
  public Append setDurability(Durability durability) {
    super.setDurability(durability);
    return this;
  }

  @Override
  public Append setTTL(long ttl) {
    super.setTTL(ttl);
    return this;
  }

  @Override
  public Append setCellVisibility(io.strata.client.security.CellVisibility expression) {
    super.setCellVisibility(expression);
    return this;
  }

  @Override
  public Append setACL(String user, io.strata.client.security.Permission perms) {
    super.setACL(user, perms);
    return this;
  }

  @Override
  public Append setACL(java.util.Map<String, io.strata.client.security.Permission> perms) {
    super.setACL(perms);
    return this;
  }

  @Override
  public Append setAttribute(String name, byte[] value) {
    super.setAttribute(name, value);
    return this;
  }

  @Override
  void appendDetails(StringBuilder sb) {
    sb.append(", returnResults=").append(returnResults);
    if (!timeRange.isAllTime()) {
      sb.append(", timeRange=").append(timeRange);
    }
  }
}
