package io.strata.server.scan;

import io.strata.common.cell.Cell;
import io.strata.common.filter.Filter;
import io.strata.common.util.Bytes;
import java.util.Collections;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * What a get or scan reads: rows {@code [startRow, stopRow)} (empty stop: to the end), the
 * columns (family to qualifiers; an empty map means every family, an empty qualifier set every
 * column of the family), at most {@code maxVersions} versions a column (capped by the family's
 * setting), timestamps in {@code [minTimestamp, maxTimestamp)}, an optional filter, and the
 * direction. A reversed scan returns rows in descending order from {@code startRow} (inclusive)
 * down to {@code stopRow} (exclusive), each row's cells still in order. A filter keeps state
 * while it runs, so a spec with one serves a single scan. {@code cacheBlocks} false keeps the
 * data blocks the read brings from storage out of the block cache (a large one-off scan should
 * not wipe it). {@code raw} reads what is stored rather than what a reader sees: delete markers
 * too, nothing masked or expired, and {@code maxVersions} not capped by the family (see
 * {@link RowMatcher}). {@code familyTimeRanges} gives some families a time range of their own,
 * which replaces {@code [minTimestamp, maxTimestamp)} for them (HBase's column family time
 * range). {@code attributes} are the client's operation attributes, carried for coprocessor
 * observer hooks; the read path ignores them. {@code cellCheck}, when set, decides which cells
 * the reader may see at all (a coprocessor's call gate: cell ACLs, visibility labels): a cell
 * it refuses is skipped before the versions are counted and before the filter sees it.
 */
public record ScanSpec(byte[] startRow, byte[] stopRow,
    NavigableMap<byte[], NavigableSet<byte[]>> columns, int maxVersions, long minTimestamp,
    long maxTimestamp, NavigableMap<byte[], TimeSpan> familyTimeRanges, Filter filter,
    boolean reversed, boolean cacheBlocks, boolean raw, Map<String, byte[]> attributes,
    Predicate<Cell> cellCheck) {
  /** Timestamps in {@code [min, max)}. */
  public record TimeSpan(long min, long max) {
    public TimeSpan {
      checkRange(min, max);
    }
  }

  public ScanSpec {
    if (maxVersions < 1) {
      throw new IllegalArgumentException("max versions must be at least 1, was " + maxVersions);
    }
    checkRange(minTimestamp, maxTimestamp);
  }

  private static void checkRange(long min, long max) {
    if (min < 0 || max < min) {
      throw new IllegalArgumentException("time range [" + min + ", " + max
          + ") is not a range of non-negative timestamps");
    }
  }

  /** Every column of every row, the newest version. */
  public static ScanSpec all() {
    return new ScanSpec(Bytes.EMPTY, Bytes.EMPTY, emptyColumns(), 1, 0, Long.MAX_VALUE,
        noFamilyTimeRanges(), null, false, true, false, Map.of(), null);
  }

  /** One row: a get. */
  public static ScanSpec row(byte[] row) {
    return all().withRows(row, Bytes.add(row, new byte[] {0}));
  }

  public static NavigableMap<byte[], NavigableSet<byte[]>> emptyColumns() {
    return Collections.unmodifiableNavigableMap(new TreeMap<>(Bytes::compare));
  }

  private static NavigableMap<byte[], TimeSpan> noFamilyTimeRanges() {
    return Collections.unmodifiableNavigableMap(new TreeMap<>(Bytes::compare));
  }

  public ScanSpec withRows(byte[] start, byte[] stop) {
    return new ScanSpec(start, stop, columns, maxVersions, minTimestamp, maxTimestamp,
        familyTimeRanges, filter, reversed, cacheBlocks, raw, attributes, cellCheck);
  }

  public ScanSpec withMaxVersions(int versions) {
    return new ScanSpec(startRow, stopRow, columns, versions, minTimestamp, maxTimestamp,
        familyTimeRanges, filter, reversed, cacheBlocks, raw, attributes, cellCheck);
  }

  public ScanSpec withTimeRange(long min, long max) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, min, max, familyTimeRanges,
        filter, reversed, cacheBlocks, raw, attributes, cellCheck);
  }

  /** Gives {@code family} a time range of its own, replacing the spec's for it. */
  public ScanSpec withFamilyTimeRange(byte[] family, long min, long max) {
    TreeMap<byte[], TimeSpan> ranges = new TreeMap<>(Bytes::compare);
    ranges.putAll(familyTimeRanges);
    ranges.put(family, new TimeSpan(min, max));
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp,
        Collections.unmodifiableNavigableMap(ranges), filter, reversed, cacheBlocks, raw,
        attributes, cellCheck);
  }

  /** Adds a whole family, or one column when {@code qualifier} is not null. */
  public ScanSpec withColumn(byte[] family, byte[] qualifier) {
    TreeMap<byte[], NavigableSet<byte[]>> c = new TreeMap<>(Bytes::compare);
    columns.forEach((f, q) -> c.put(f, new TreeSet<>(q)));
    NavigableSet<byte[]> qs = c.computeIfAbsent(family, f -> new TreeSet<>(Bytes::compare));
    if (qualifier != null) {
      qs.add(qualifier);
    }
    return withColumns(Collections.unmodifiableNavigableMap(c));
  }

  public ScanSpec withReversed(boolean r) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp,
        familyTimeRanges, filter, r, cacheBlocks, raw, attributes, cellCheck);
  }

  public ScanSpec withFilter(Filter f) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp,
        familyTimeRanges, f, reversed, cacheBlocks, raw, attributes, cellCheck);
  }

  public ScanSpec withCacheBlocks(boolean cache) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp,
        familyTimeRanges, filter, reversed, cache, raw, attributes, cellCheck);
  }

  /** Reads every stored cell, delete markers included (see {@link RowMatcher}). */
  public ScanSpec withRaw(boolean r) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp,
        familyTimeRanges, filter, reversed, cacheBlocks, r, attributes, cellCheck);
  }

  /** Replaces the column selection (family to qualifiers; see the class comment). */
  public ScanSpec withColumns(NavigableMap<byte[], NavigableSet<byte[]>> c) {
    return new ScanSpec(startRow, stopRow, c, maxVersions, minTimestamp, maxTimestamp,
        familyTimeRanges, filter, reversed, cacheBlocks, raw, attributes, cellCheck);
  }

  /** Only the cells {@code check} accepts are seen (null: all); see the class comment. */
  public ScanSpec withCellCheck(Predicate<Cell> check) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp,
        familyTimeRanges, filter, reversed, cacheBlocks, raw, attributes, check);
  }

  /** The client's operation attributes (read-only; not interpreted by the read path). */
  public ScanSpec withAttributes(Map<String, byte[]> a) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp,
        familyTimeRanges, filter, reversed, cacheBlocks, raw, Collections.unmodifiableMap(a), cellCheck);
  }

  public boolean wantsFamily(byte[] family) {
    return columns.isEmpty() || columns.containsKey(family);
  }

  /** The inclusive lower bound of timestamps read from {@code family}. */
  public long minTimestamp(byte[] family) {
    TimeSpan own = familyTimeRanges.isEmpty() ? null : familyTimeRanges.get(family);
    return own == null ? minTimestamp : own.min();
  }

  /** The exclusive upper bound of timestamps read from {@code family}. */
  public long maxTimestamp(byte[] family) {
    TimeSpan own = familyTimeRanges.isEmpty() ? null : familyTimeRanges.get(family);
    return own == null ? maxTimestamp : own.max();
  }
}
