package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Read-modify-write operations on one row: increment, append and check-and-mutate. Each runs
 * entirely under the row's lock, reads the newest committed values, and writes through the
 * region's ordinary write path, so it is atomic with every other mutation, get and scan of the
 * row and exactly as durable as a put.
 */
final class AtomicRowOps {
  private final Region region;

  AtomicRowOps(Region region) {
    this.region = region;
  }

  /** The newest visible cell of a column, or null. */
  private Cell newest(byte[] row, byte[] family, byte[] qualifier) throws IOException {
    List<Cell> cells = region.get(row, ScanSpec.row(row).withColumn(family, qualifier));
    return cells.isEmpty() ? null : cells.get(0);
  }

  private void checkFamily(byte[] family) throws NoSuchFamilyException {
    if (!region.table().hasColumnFamily(family)) {
      throw new NoSuchFamilyException(region.table().getTableName().toString(),
          Bytes.toStringBinary(family), region.table().getColumnFamilyNames());
    }
  }

  List<Cell> increment(byte[] row, List<ColumnDelta> deltas, Durability durability)
      throws IOException {
    region.validate(new RowEdit(row, List.of()));
    for (ColumnDelta d : deltas) {
      checkFamily(d.family());
    }
    return region.underRowLock(row, region.resolveDurability(durability), now -> {
      List<KeyValue> writes = new ArrayList<>();
      for (ColumnDelta d : deltas) {
        Cell old = newest(row, d.family(), d.qualifier());
        long base = 0;
        long ts = now;
        if (old != null) {
          if (old.getValueLength() != 8) {
            throw new BadRequestException("column " + column(d.family(), d.qualifier())
                + " of row '" + Bytes.toStringBinary(row) + "' holds a " + old.getValueLength()
                + "-byte value, not an 8-byte counter; increment only counters");
          }
          base = Bytes.toLong(old.getValueArray(), old.getValueOffset());
          ts = Math.max(now, old.getTimestamp());
        }
        writes.add(KeyValue.of(row, d.family(), d.qualifier(), ts, CellType.PUT,
            Bytes.toBytes(base + d.amount())));
      }
      return writes;
    });
  }

  List<Cell> append(byte[] row, List<ColumnAppend> appends, Durability durability)
      throws IOException {
    region.validate(new RowEdit(row, List.of()));
    for (ColumnAppend a : appends) {
      checkFamily(a.family());
    }
    return region.underRowLock(row, region.resolveDurability(durability), now -> {
      List<KeyValue> writes = new ArrayList<>();
      for (ColumnAppend a : appends) {
        Cell old = newest(row, a.family(), a.qualifier());
        byte[] value = a.suffix();
        long ts = now;
        if (old != null) {
          value = Bytes.add(Bytes.copy(old.getValueArray(), old.getValueOffset(),
              old.getValueLength()), a.suffix());
          ts = Math.max(now, old.getTimestamp());
        }
        writes.add(KeyValue.of(row, a.family(), a.qualifier(), ts, CellType.PUT, value));
      }
      return writes;
    });
  }

  /** Applies {@code action} (cells of the same row) if the condition holds; says whether. */
  boolean checkAndMutate(byte[] row, Condition condition, RowEdit action) throws IOException {
    if (condition.filter() == null) {
      checkFamily(condition.family());
    }
    if (!Bytes.equals(row, action.row())) {
      throw new BadRequestException("check-and-mutate on row '" + Bytes.toStringBinary(row)
          + "' carries a mutation of row '" + Bytes.toStringBinary(action.row())
          + "'; both must be the same row");
    }
    region.validate(action);
    List<Cell> applied = region.underRowLock(row, region.resolveDurability(action.durability()),
        now -> {
          boolean holds;
          if (condition.filter() != null) {
            holds = !region.get(row, ScanSpec.row(row).withFilter(condition.filter())).isEmpty();
          } else if (condition.value() == null) {
            Cell current = newest(row, condition.family(), condition.qualifier());
            holds = current == null;
          } else {
            Cell current = newest(row, condition.family(), condition.qualifier());
            holds = current != null && condition.op().holds(Bytes.compare(condition.value(), 0,
                condition.value().length, current.getValueArray(), current.getValueOffset(),
                current.getValueLength()));
          }
          if (!holds) {
            return null;
          }
          List<KeyValue> writes = new ArrayList<>();
          for (Cell c : action.cells()) {
            writes.add(region.resolveTimestamp(c, now));
          }
          return writes;
        });
    return applied != null;
  }

  private static String column(byte[] family, byte[] qualifier) {
    return Bytes.toStringBinary(family) + ":" + Bytes.toStringBinary(qualifier);
  }
}
