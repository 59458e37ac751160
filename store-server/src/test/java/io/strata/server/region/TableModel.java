package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.filter.Filter;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a table must show, computed the simple way: every cell ever written, by row, and at each
 * read the rules applied directly (HBase semantics): delete markers mask puts at or below their
 * timestamp whenever written, the last write of a key wins, versions and time ranges per column,
 * TTL against the clock with MIN_VERSIONS kept. A flush keeps of what was written since the last
 * one every marker and the puts its markers leave, at most VERSIONS a column and none expired
 * beyond MIN_VERSIONS (RetainDeletes); a major compaction "bakes" a row to exactly what is
 * visible, dropping markers and surplus versions, as the store does. Minor compactions change
 * nothing a read sees.
 *
 * <p>Filters are asked about exactly the cells the rules let through, in key order, with their
 * return codes honoured plainly (include, skip, rest of column, rest of row); the filters' own
 * decisions are pinned by {@code FilterScanTest}. What this checks is that the engine asks them
 * about the right cells, whatever its merging, seeking, file skipping and half files do.
 */
final class TableModel {
  private final TableDescriptor table;
  /** Every cell ever written (or left by the last major compaction), by row, in write order. */
  private final TreeMap<String, List<KeyValue>> written = new TreeMap<>();
  /** How many of a row's cells (the first ones) are flushed; the rest are in memory. */
  private final Map<String, Integer> flushed = new java.util.HashMap<>();
  /** Puts flushes dropped as surplus versions, expired, or masked: the run's coverage. */
  int flushDroppedVersions;
  int flushDroppedExpired;
  int flushDroppedMasked;
  long now;

  TableModel(TableDescriptor table, long now) {
    this.table = table;
    this.now = now;
  }

  void clear() {
    written.clear();
    flushed.clear();
  }

  /** Rows holding any cell, in key order. */
  List<String> rows() {
    return new ArrayList<>(written.keySet());
  }

  /** The timestamp the store gives a cell written now (see CellStamps#resolve). */
  KeyValue resolve(KeyValue c) {
    if (c.getTimestamp() != CellLimits.LATEST_TIMESTAMP) {
      return c;
    }
    long ts = now;
    if (c.getType() == CellType.DELETE) {
      Cell newest = newest(row(c), family(c), qualifier(c));
      if (newest != null) {
        ts = newest.getTimestamp();
      }
    }
    return KeyValue.of(row(c), family(c), qualifier(c), ts, c.getType(), value(c));
  }

  void write(List<KeyValue> cells) {
    for (KeyValue c : cells) {
      written.computeIfAbsent(Bytes.toString(row(c)), k -> new ArrayList<>()).add(c);
    }
  }

  /** A major compaction of the rows in {@code [start, end)}: only what is visible stays. */
  void bake(byte[] start, byte[] end) {
    for (String row : rows()) {
      byte[] r = Bytes.toBytes(row);
      if (Bytes.compare(r, start) >= 0 && (end.length == 0 || Bytes.compare(r, end) < 0)) {
        List<KeyValue> kept = new ArrayList<>();
        for (Cell c : read(row, ScanSpec.all().withMaxVersions(Integer.MAX_VALUE))) {
          kept.add((KeyValue) c);
        }
        put(row, kept, kept.size());
      }
    }
  }

  private void put(String row, List<KeyValue> cells, int flushedCells) {
    if (cells.isEmpty()) {
      written.remove(row);
      flushed.remove(row);
    } else {
      written.put(row, cells);
      flushed.put(row, flushedCells);
    }
  }

  /** A flush of the rows in {@code [start, end)}: see the class comment. */
  void flush(byte[] start, byte[] end) {
    for (String row : rows()) {
      byte[] r = Bytes.toBytes(row);
      if (Bytes.compare(r, start) < 0 || (end.length > 0 && Bytes.compare(r, end) >= 0)) {
        continue;
      }
      List<KeyValue> all = written.get(row);
      int from = flushed.getOrDefault(row, 0);
      List<KeyValue> cells = new ArrayList<>(all.subList(0, from));
      cells.addAll(flushedPart(all.subList(from, all.size())));
      put(row, cells, cells.size());
    }
  }

  /** What a flush writes of {@code fresh}, the cells in memory, in write order. */
  private List<KeyValue> flushedPart(List<KeyValue> fresh) {
    // Of equal keys the last write wins.
    Map<String, KeyValue> byKey = new java.util.LinkedHashMap<>();
    for (KeyValue c : fresh) {
      String key = Bytes.toStringBinary(family(c)) + "/" + Bytes.toStringBinary(qualifier(c))
          + "/" + c.getTimestamp() + "/" + c.getType();
      byKey.remove(key);
      byKey.put(key, c);
    }
    List<KeyValue> cells = new ArrayList<>(byKey.values());
    List<KeyValue> kept = new ArrayList<>();
    TreeMap<String, List<KeyValue>> columns = new TreeMap<>();
    for (KeyValue c : cells) {
      if (c.getType() != CellType.PUT) {
        kept.add(c);
      } else if (masked(cells, c)) {
        flushDroppedMasked++;
      } else {
        columns.computeIfAbsent(Bytes.toStringBinary(family(c)) + "/"
            + Bytes.toStringBinary(qualifier(c)), k -> new ArrayList<>()).add(c);
      }
    }
    for (List<KeyValue> puts : columns.values()) {
      puts.sort(java.util.Comparator.comparingLong(KeyValue::getTimestamp).reversed());
      ColumnFamilyDescriptor settings = table.getColumnFamily(family(puts.get(0)));
      long oldestLive = settings.getTimeToLive() == ColumnFamilyDescriptor.FOREVER
          ? Long.MIN_VALUE : now - settings.getTimeToLive() * 1000;
      int count = 0;
      for (KeyValue p : puts) {
        if (p.getTimestamp() < oldestLive && count >= settings.getMinVersions()) {
          flushDroppedExpired++;
          continue;
        }
        if (count >= settings.getMaxVersions()) {
          flushDroppedVersions++;
          continue;
        }
        kept.add(p);
        count++;
      }
    }
    return kept;
  }

  /** The newest visible version of a column, or null. */
  Cell newest(byte[] row, byte[] family, byte[] qualifier) {
    List<Cell> cells = read(Bytes.toString(row), ScanSpec.row(row).withColumn(family, qualifier));
    return cells.isEmpty() ? null : cells.get(0);
  }

  /** Whether the row is in a scan's merged stream at all (some cell of a wanted family). */
  boolean present(String row, ScanSpec spec) {
    for (KeyValue c : written.getOrDefault(row, List.of())) {
      if (spec.wantsFamily(family(c))) {
        return true;
      }
    }
    return false;
  }

  /** Signals that the spec's filter ended the scan before the row. */
  static final List<Cell> SCAN_OVER = List.of();

  /**
   * What a reader sees of the row: the visible cells, or {@link #SCAN_OVER} (by identity) when
   * the filter says no later row can pass. The spec's filter keeps its state between calls, as
   * in a scan.
   */
  List<Cell> read(String row, ScanSpec spec) {
    Filter filter = spec.filter();
    if (!present(row, spec)) {
      return new ArrayList<>();
    }
    if (filter != null) {
      if (filter.filterAllRemaining()) {
        return SCAN_OVER;
      }
      filter.reset();
      if (filter.filterRowKey(io.strata.common.cell.CellKeys.firstOnRow(Bytes.toBytes(row)))) {
        return new ArrayList<>();
      }
    }
    List<KeyValue> cells = written.getOrDefault(row, List.of());
    List<Cell> out = new ArrayList<>();
    TreeMap<byte[], TreeSet<byte[]>> columns = new TreeMap<>(Bytes::compare);
    for (KeyValue c : cells) {
      if (c.getType() == CellType.PUT) {
        columns.computeIfAbsent(family(c), f -> new TreeSet<>(Bytes::compare)).add(qualifier(c));
      }
    }
    rows:
    for (Map.Entry<byte[], TreeSet<byte[]>> fam : columns.entrySet()) {
      byte[] family = fam.getKey();
      if (!spec.wantsFamily(family)) {
        continue;
      }
      ColumnFamilyDescriptor settings = table.getColumnFamily(family);
      int maxVersions = Math.min(spec.maxVersions(), settings.getMaxVersions());
      long oldestLive = settings.getTimeToLive() == ColumnFamilyDescriptor.FOREVER
          ? Long.MIN_VALUE : now - settings.getTimeToLive() * 1000;
      NavigableSet<byte[]> wanted = spec.columns().get(family);
      for (byte[] q : fam.getValue()) {
        if (wanted != null && !wanted.isEmpty() && !wanted.contains(q)) {
          continue;
        }
        // Newest first; of equal timestamps the last write wins.
        TreeMap<Long, KeyValue> versions = new TreeMap<>(java.util.Comparator.reverseOrder());
        for (KeyValue c : cells) {
          if (c.getType() == CellType.PUT && Bytes.equals(family(c), family)
              && Bytes.equals(qualifier(c), q) && !masked(cells, c)) {
            versions.put(c.getTimestamp(), c);
          }
        }
        int count = 0;
        boolean restOfColumn = false;
        for (KeyValue v : versions.values()) {
          long ts = v.getTimestamp();
          if (ts < spec.minTimestamp() || ts >= spec.maxTimestamp()) {
            continue;
          }
          if (ts < oldestLive && count >= settings.getMinVersions()) {
            continue;
          }
          if (count >= maxVersions || restOfColumn) {
            break;
          }
          if (filter != null) {
            switch (filter.filterCell(v)) {
              case INCLUDE -> { }
              case INCLUDE_AND_NEXT_COL -> restOfColumn = true;
              case SKIP, SEEK_NEXT_USING_HINT -> {
                continue;
              }
              case NEXT_COL -> {
                restOfColumn = true;
                continue;
              }
              case NEXT_ROW -> {
                break rows;
              }
              default -> throw new IllegalStateException();
            }
          }
          count++;
          out.add(filter == null ? v : filter.transformCell(v));
        }
      }
    }
    if (filter != null && filter.hasFilterRow() && !out.isEmpty()) {
      filter.filterRowCells(out);
      if (filter.filterRow()) {
        out.clear();
      }
    }
    return out;
  }

  private static boolean masked(List<KeyValue> cells, KeyValue put) {
    long ts = put.getTimestamp();
    for (KeyValue d : cells) {
      if (!Bytes.equals(family(d), family(put))) {
        continue;
      }
      long dts = d.getTimestamp();
      boolean sameColumn = Bytes.equals(qualifier(d), qualifier(put));
      boolean hit = switch (d.getType()) {
        case DELETE_FAMILY -> ts <= dts;
        case DELETE_FAMILY_VERSION -> ts == dts;
        case DELETE_COLUMN -> sameColumn && ts <= dts;
        case DELETE -> sameColumn && ts == dts;
        default -> false;
      };
      if (hit) {
        return true;
      }
    }
    return false;
  }

  static byte[] row(Cell c) {
    return Bytes.copy(c.getRowArray(), c.getRowOffset(), c.getRowLength());
  }

  static byte[] family(Cell c) {
    return Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
  }

  static byte[] qualifier(Cell c) {
    return Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
  }

  static byte[] value(Cell c) {
    return Bytes.copy(c.getValueArray(), c.getValueOffset(), c.getValueLength());
  }
}
