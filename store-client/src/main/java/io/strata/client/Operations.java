package io.strata.client;

import io.strata.common.cell.CellLimits;
import io.strata.common.util.Bytes;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Argument checks and the family/column selection rules that the operation classes share, so
 * that every operation rejects a bad row, family or timestamp with the same message.
 */
final class Operations {
  /** Longest escaped row printed in a message; longer rows are cut and their length given. */
  private static final int MAX_PRINTED_ROW = 64;

  private Operations() {}

  /** A row key for {@code what} (e.g. "Put row"): non-null, 1 to MAX_ROW_LENGTH bytes. */
  static byte[] checkRow(byte[] row, String what) {
    if (row == null) {
      throw new IllegalArgumentException(what + " is null; pass the row key as bytes, e.g. "
          + "Bytes.toBytes(\"row1\")");
    }
    if (row.length == 0) {
      throw new IllegalArgumentException(what + " is empty; a row key needs 1 to "
          + CellLimits.MAX_ROW_LENGTH + " bytes");
    }
    return checkRowLength(row, what);
  }

  /**
   * As {@link #checkRow(byte[], String)} for a row of a {@code type} (e.g. "Put row"), the name
   * built only when the row is refused: a String made for every Put showed in pe's profile.
   */
  static byte[] checkRow(byte[] row, Class<?> type) {
    boolean valid = row != null && row.length > 0 && row.length <= CellLimits.MAX_ROW_LENGTH;
    return valid ? row : checkRow(row, type.getSimpleName() + " row");
  }

  /** A scan bound: like a row, but empty is allowed (it means "unbounded"). */
  static byte[] checkBound(byte[] row, String what) {
    if (row == null) {
      throw new IllegalArgumentException(what + " is null; pass Bytes.EMPTY for no bound");
    }
    return checkRowLength(row, what);
  }

  private static byte[] checkRowLength(byte[] row, String what) {
    if (row.length > CellLimits.MAX_ROW_LENGTH) {
      throw new IllegalArgumentException(what + " is " + row.length + " bytes; the limit is "
          + CellLimits.MAX_ROW_LENGTH + " bytes: use a shorter row key");
    }
    return row;
  }

  static byte[] checkFamily(byte[] family) {
    if (family == null || family.length == 0) {
      throw new IllegalArgumentException("column family is " + (family == null ? "null" : "empty")
          + "; name the family, e.g. Bytes.toBytes(\"cf\")");
    }
    if (family.length > CellLimits.MAX_FAMILY_LENGTH) {
      throw new IllegalArgumentException("column family is " + family.length
          + " bytes; the limit is " + CellLimits.MAX_FAMILY_LENGTH + " bytes");
    }
    return family;
  }

  /** HBase treats a null qualifier as the empty one; so do we. */
  static byte[] qualifier(byte[] qualifier) {
    return qualifier == null ? Bytes.EMPTY : qualifier;
  }

  static byte[] value(byte[] value) {
    return value == null ? Bytes.EMPTY : value;
  }

  /** A timestamp of a cell: 0 .. LATEST_TIMESTAMP, where LATEST means "the server's now". */
  static long checkTimestamp(long ts) {
    if (ts < 0) {
      throw new IllegalArgumentException("timestamp " + ts + " is negative; timestamps are "
          + "milliseconds since the epoch, >= 0");
    }
    return ts;
  }

  static int checkVersions(int versions) {
    if (versions < 1) {
      throw new IllegalArgumentException("readVersions(" + versions + "): at least 1 version "
          + "must be read; use readAllVersions() for all of them");
    }
    return versions;
  }

  static NavigableMap<byte[], TimeRange> newRangeMap() {
    return new TreeMap<>(Bytes::compare);
  }

  /** Sets a family's own time range ({@code setColumnFamilyTimeRange} of Get and Scan). */
  static void setFamilyTimeRange(NavigableMap<byte[], TimeRange> map, byte[] family, long min,
      long max) {
    checkFamily(family);
    map.put(family, TimeRange.between(min, max));
  }

  /** {@code ", familyTimeRanges={f=[min, max), ...}"}, or nothing when there are none. */
  static String rangeMapString(NavigableMap<byte[], TimeRange> map) {
    if (map.isEmpty()) {
      return "";
    }
    StringBuilder sb = new StringBuilder(", familyTimeRanges={");
    map.forEach((f, r) -> sb.append(sb.charAt(sb.length() - 1) == '{' ? "" : ", ")
        .append(Bytes.toStringBinary(f)).append('=').append(r));
    return sb.append('}').toString();
  }

  static NavigableMap<byte[], NavigableSet<byte[]>> newFamilyMap() {
    return new TreeMap<>(Bytes::compare);
  }

  static NavigableMap<byte[], NavigableSet<byte[]>> copyFamilyMap(
      NavigableMap<byte[], NavigableSet<byte[]>> map) {
    NavigableMap<byte[], NavigableSet<byte[]>> copy = newFamilyMap();
    map.forEach((f, qs) -> {
      NavigableSet<byte[]> set = new TreeSet<>(Bytes::compare);
      set.addAll(qs);
      copy.put(f, set);
    });
    return copy;
  }

  /**
   * A read-only view: the map and every qualifier set in it refuse changes. Costs one map entry
   * per family; the qualifier sets are wrapped, not copied.
   */
  static NavigableMap<byte[], NavigableSet<byte[]>> readOnly(
      NavigableMap<byte[], NavigableSet<byte[]>> map) {
    NavigableMap<byte[], NavigableSet<byte[]>> view = newFamilyMap();
    // A loop, not forEach: under C1 alone (pe's JIT) a capturing lambda is made through a
    // method handle and a call into the VM, and every get's request reads this.
    for (Map.Entry<byte[], NavigableSet<byte[]>> e : map.entrySet()) {
      view.put(e.getKey(), Collections.unmodifiableNavigableSet(e.getValue()));
    }
    return Collections.unmodifiableNavigableMap(view);
  }

  /**
   * Selects the whole family. An empty qualifier set stands for "every column" (HBase uses
   * null), so this also wipes columns selected before, as in HBase.
   */
  /** Replaces {@code map}'s selection with {@code selection}'s (an empty set: the family). */
  static void replaceFamilyMap(NavigableMap<byte[], NavigableSet<byte[]>> map,
      Map<byte[], ? extends java.util.Collection<byte[]>> selection) {
    NavigableMap<byte[], NavigableSet<byte[]>> next = newFamilyMap();
    selection.forEach((f, qs) -> {
      NavigableSet<byte[]> set = new TreeSet<>(Bytes::compare);
      if (qs != null) {
        qs.forEach(q -> set.add(qualifier(q)));
      }
      next.put(checkFamily(f), set);
    });
    map.clear();
    map.putAll(next);
  }

  static void addFamily(NavigableMap<byte[], NavigableSet<byte[]>> map, byte[] family) {
    map.put(checkFamily(family), new TreeSet<>(Bytes::compare));
  }

  /** Selects one column; on a whole-family entry this narrows the family to that column. */
  static void addColumn(NavigableMap<byte[], NavigableSet<byte[]>> map, byte[] family,
      byte[] qualifier) {
    map.computeIfAbsent(checkFamily(family), f -> new TreeSet<>(Bytes::compare))
        .add(qualifier(qualifier));
  }

  /** A row for messages: escaped, and cut if long so that a 32 KB key does not flood logs. */
  static String rowString(byte[] row) {
    if (row == null) {
      return "null";
    }
    if (row.length <= MAX_PRINTED_ROW) {
      return "'" + Bytes.toStringBinary(row) + "'";
    }
    return "'" + Bytes.toStringBinary(row, 0, MAX_PRINTED_ROW) + "...' (" + row.length
        + " bytes)";
  }

  static String familyMapString(NavigableMap<byte[], NavigableSet<byte[]>> map) {
    StringBuilder sb = new StringBuilder("{");
    map.forEach((f, qs) -> {
      if (sb.length() > 1) {
        sb.append(", ");
      }
      sb.append(Bytes.toStringBinary(f)).append(':');
      if (qs.isEmpty()) {
        sb.append('*');
      } else {
        sb.append('[');
        int i = 0;
        for (byte[] q : qs) {
          sb.append(i++ == 0 ? "" : ",").append(Bytes.toStringBinary(q));
        }
        sb.append(']');
      }
    });
    return sb.append('}').toString();
  }
}
