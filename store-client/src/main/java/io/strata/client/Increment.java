package io.strata.client;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * Adds to 8-byte big-endian counters of one row, atomically on the server. A missing column
 * counts as 0. The answer holds the new values unless {@link #setReturnResults} is false.
 *
 * <pre>{@code
 * Result r = table.increment(new Increment(Bytes.toBytes("page/home"))
 *     .addColumn(Bytes.toBytes("stats"), Bytes.toBytes("hits"), 1L));
 * long hits = Bytes.toLong(r.getValue(Bytes.toBytes("stats"), Bytes.toBytes("hits")));
 * }</pre>
 *
 * Each amount travels as a PUT cell at the latest timestamp whose value is the amount.
 */
public final class Increment extends Mutation {
  private boolean returnResults = true;
  private TimeRange timeRange = TimeRange.allTime();

  public Increment(byte[] row) {
    super(row, CellLimits.LATEST_TIMESTAMP);
  }

  /** Adds {@code amount} (may be negative) to the column. */
  public Increment addColumn(byte[] family, byte[] qualifier, long amount) {
    Operations.checkFamily(family);
    addCell(family, KeyValue.of(getRow(), family, Operations.qualifier(qualifier),
        CellLimits.LATEST_TIMESTAMP, CellType.PUT, Bytes.toBytes(amount)));
    return this;
  }

  /** False answers with no cells, saving the transfer when the new values are not needed. */
  public Increment setReturnResults(boolean returnResults) {
    this.returnResults = returnResults;
    return this;
  }

  public boolean isReturnResults() {
    return returnResults;
  }

  /**
   * The read of the current counters sees only cells with a timestamp in {@code [min, max)}, as
   * HBase's {@code setTimeRange}: for counters partitioned by time. The current value of a
   * column is its newest cell in the range, and a column with none there counts as 0; the new
   * value is written at the server's clock, or at the timestamp of the cell read if later.
   */
  public Increment setTimeRange(long min, long max) {
    timeRange = TimeRange.between(min, max);
    return this;
  }

  /** The range the read of the current counters sees; all time by default. */
  public TimeRange getTimeRange() {
    return timeRange;
  }

  /**
   * Family to qualifier to amount, as in HBase. A column added twice shows its last amount
   * here (both cells are still sent).
   */
  public NavigableMap<byte[], NavigableMap<byte[], Long>> getFamilyMapOfLongs() {
    NavigableMap<byte[], NavigableMap<byte[], Long>> out = new TreeMap<>(Bytes::compare);
    for (Map.Entry<byte[], List<Cell>> e : getFamilyCellMap().entrySet()) {
      NavigableMap<byte[], Long> amounts = new TreeMap<>(Bytes::compare);
      for (Cell c : e.getValue()) {
        amounts.put(Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(),
            c.getQualifierLength()), Bytes.toLong(c.getValueArray(), c.getValueOffset()));
      }
      out.put(e.getKey(), amounts);
    }
    return out;
  }

  /** Whether the Increment adds to this column. */
  public boolean hasColumn(byte[] family, byte[] qualifier) {
    return !columnCells(family, qualifier).isEmpty();
  }

  @Override
  public Increment setDurability(Durability durability) {
    super.setDurability(durability);
    return this;
  }

  @Override
  public Increment setTTL(long ttl) {
    super.setTTL(ttl);
    return this;
  }

  @Override
  public Increment setCellVisibility(io.strata.client.security.CellVisibility expression) {
    super.setCellVisibility(expression);
    return this;
  }

  @Override
  public Increment setACL(String user, io.strata.client.security.Permission perms) {
    super.setACL(user, perms);
    return this;
  }

  @Override
  public Increment setACL(java.util.Map<String, io.strata.client.security.Permission> perms) {
    super.setACL(perms);
    return this;
  }

  @Override
  public Increment setAttribute(String name, byte[] value) {
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
