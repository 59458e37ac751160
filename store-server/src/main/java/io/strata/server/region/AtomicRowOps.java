package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.filter.CompareOperator;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Read-modify-write operations on one row: increment, append and check-and-mutate (whose action
 * may be a put/delete edit, an increment or an append). Each runs entirely under the row's
 * lock, reads the newest committed values (within a time range, if given), and writes through
 * the region's ordinary write path, so it is atomic with every other mutation, get and scan of
 * the row and exactly as durable as a put.
 *
 * <p>A new value's cell is written at the region's clock, or at the current cell's timestamp if
 * that is later. It keeps the current cell's tags, with its TTL tag replaced by the operation's
 * TTL when it has one (as HBase carries tags forward).
 */
final class AtomicRowOps {
  private final Region region;

  AtomicRowOps(Region region) {
    this.region = region;
  }

  /** The newest visible cell of a column with a timestamp in [min, max), or null. */
  private Cell newest(byte[] row, byte[] family, byte[] qualifier, long min, long max,
      java.util.function.Predicate<Cell> visible) throws IOException {
    ScanSpec spec = ScanSpec.row(row).withColumn(family, qualifier).withCellCheck(visible);
    if (min != 0 || max != Long.MAX_VALUE) {
      spec = spec.withTimeRange(min, max);
    }
    List<Cell> cells = region.get(row, spec);
    return cells.isEmpty() ? null : cells.get(0);
  }

  private void checkFamily(byte[] family) throws NoSuchFamilyException {
    if (!region.table().hasColumnFamily(family)) {
      throw new NoSuchFamilyException(region.table().getTableName().toString(),
          Bytes.toStringBinary(family), region.table().getColumnFamilyNames());
    }
  }

  List<Cell> increment(byte[] row, List<ColumnDelta> deltas, ReadModifyWrite how)
      throws IOException {
    return checkAndIncrement(row, null, deltas, how);
  }

  /**
   * Increments if {@code condition} (null: always) holds; returns the new values, or null when
   * the condition did not hold and nothing was written.
   */
  List<Cell> checkAndIncrement(byte[] row, Condition condition, List<ColumnDelta> deltas,
      ReadModifyWrite how) throws IOException {
    region.validate(new RowEdit(row, List.of()));
    checkCondition(condition);
    for (ColumnDelta d : deltas) {
      checkFamily(d.family());
    }
    return region.underRowLock(row, region.resolveDurability(how.durability()), now -> {
      if (condition != null && !holds(row, condition)) {
        return null;
      }
      List<KeyValue> writes = new ArrayList<>();
      for (ColumnDelta d : deltas) {
        Cell old = newest(row, d.family(), d.qualifier(), how.minTimestamp(), how.maxTimestamp(),
            how.visible());
        long base = 0;
        if (old != null) {
          if (old.getValueLength() != 8) {
            throw new BadRequestException("column " + column(d.family(), d.qualifier())
                + " of row '" + Bytes.toStringBinary(row) + "' holds a " + old.getValueLength()
                + "-byte value, not an 8-byte counter; increment only counters");
          }
          base = Bytes.toLong(old.getValueArray(), old.getValueOffset());
        }
        writes.add(newValue(row, d.family(), d.qualifier(), Bytes.toBytes(base + d.amount()),
            old, now, how));
      }
      writes.sort(CellComparator.INSTANCE); // the answer is a row's cells, in order
      return writes;
    });
  }

  List<Cell> append(byte[] row, List<ColumnAppend> appends, ReadModifyWrite how)
      throws IOException {
    return checkAndAppend(row, null, appends, how);
  }

  /** As {@link #checkAndIncrement}, appending. */
  List<Cell> checkAndAppend(byte[] row, Condition condition, List<ColumnAppend> appends,
      ReadModifyWrite how) throws IOException {
    region.validate(new RowEdit(row, List.of()));
    checkCondition(condition);
    for (ColumnAppend a : appends) {
      checkFamily(a.family());
    }
    return region.underRowLock(row, region.resolveDurability(how.durability()), now -> {
      if (condition != null && !holds(row, condition)) {
        return null;
      }
      List<KeyValue> writes = new ArrayList<>();
      for (ColumnAppend a : appends) {
        Cell old = newest(row, a.family(), a.qualifier(), how.minTimestamp(), how.maxTimestamp(),
            how.visible());
        byte[] value = a.suffix();
        if (old != null) {
          value = Bytes.add(Bytes.copy(old.getValueArray(), old.getValueOffset(),
              old.getValueLength()), a.suffix());
        }
        writes.add(newValue(row, a.family(), a.qualifier(), value, old, now, how));
      }
      writes.sort(CellComparator.INSTANCE); // the answer is a row's cells, in order
      return writes;
    });
  }

  /** The cell holding a new value computed from {@code old} (null when there was none). */
  private static KeyValue newValue(byte[] row, byte[] family, byte[] qualifier, byte[] value,
      Cell old, long now, ReadModifyWrite how) {
    long ts = old == null ? now : Math.max(now, old.getTimestamp());
    List<Tag> tags = old == null ? List.of() : Tag.tagsOf(old);
    if (!how.tags().isEmpty()) { // replace the old value's tags of those types
      List<Tag> kept = new ArrayList<>();
      for (Tag t : tags) {
        if (how.tags().stream().noneMatch(n -> n.type() == t.type())) {
          kept.add(t);
        }
      }
      kept.addAll(how.tags());
      tags = kept;
    }
    if (how.ttlMillis() != Tag.NO_TTL) {
      tags = Tag.withTtl(tags, how.ttlMillis());
    }
    return KeyValue.of(row, family, qualifier, ts, CellType.PUT, value, tags);
  }

  /** Applies {@code action} (cells of the same row) if the condition holds; says whether. */
  boolean checkAndMutate(byte[] row, Condition condition, RowEdit action) throws IOException {
    checkCondition(condition);
    if (!Bytes.equals(row, action.row())) {
      throw new BadRequestException("check-and-mutate on row '" + Bytes.toStringBinary(row)
          + "' carries a mutation of row '" + Bytes.toStringBinary(action.row())
          + "'; both must be the same row");
    }
    region.validate(action);
    List<Cell> applied = region.underRowLock(row, region.resolveDurability(action.durability()),
        now -> {
          if (!holds(row, condition)) {
            return null;
          }
          List<KeyValue> writes = new ArrayList<>();
          for (Cell c : action.cells()) {
            writes.add(CellStamps.resolve(region, c, now, action.ttlMillis()));
          }
          return writes;
        });
    return applied != null;
  }

  private void checkCondition(Condition condition) throws NoSuchFamilyException {
    if (condition != null && condition.filter() == null) {
      checkFamily(condition.family());
    }
  }

  /** Whether the condition holds on the row now; runs under the row lock. */
  private boolean holds(byte[] row, Condition condition) throws IOException {
    long min = condition.minTimestamp();
    long max = condition.maxTimestamp();
    if (condition.filter() != null) {
      ScanSpec spec = ScanSpec.row(row).withFilter(condition.filter())
          .withCellCheck(condition.visible());
      if (min != 0 || max != Long.MAX_VALUE) {
        spec = spec.withTimeRange(min, max);
      }
      return !region.get(row, spec).isEmpty();
    }
    Cell current = newest(row, condition.family(), condition.qualifier(), min, max,
        condition.visible());
    if (condition.value() == null) {
      // No value: EQUAL tests absence, NOT_EQUAL presence.
      return (current == null) == (condition.op() != CompareOperator.NOT_EQUAL);
    }
    return current != null && condition.op().holds(Bytes.compare(condition.value(), 0,
        condition.value().length, current.getValueArray(), current.getValueOffset(),
        current.getValueLength()));
  }

  private static String column(byte[] family, byte[] qualifier) {
    return Bytes.toStringBinary(family) + ":" + Bytes.toStringBinary(qualifier);
  }
}
