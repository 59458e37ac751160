package io.strata.server.scan;

import io.strata.common.filter.Filter;
import io.strata.common.util.Bytes;
import java.util.Collections;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.TreeMap;
import java.util.TreeSet;

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
 * {@link RowMatcher}).
 */
public record ScanSpec(byte[] startRow, byte[] stopRow,
    NavigableMap<byte[], NavigableSet<byte[]>> columns, int maxVersions, long minTimestamp,
    long maxTimestamp, Filter filter, boolean reversed, boolean cacheBlocks, boolean raw) {
  public ScanSpec {
    if (maxVersions < 1) {
      throw new IllegalArgumentException("max versions must be at least 1, was " + maxVersions);
    }
    if (minTimestamp < 0 || maxTimestamp < minTimestamp) {
      throw new IllegalArgumentException("time range [" + minTimestamp + ", " + maxTimestamp
          + ") is not a range of non-negative timestamps");
    }
  }

  /** Every column of every row, the newest version. */
  public static ScanSpec all() {
    return new ScanSpec(Bytes.EMPTY, Bytes.EMPTY, emptyColumns(), 1, 0, Long.MAX_VALUE, null,
        false, true, false);
  }

  /** One row: a get. */
  public static ScanSpec row(byte[] row) {
    return new ScanSpec(row, Bytes.add(row, new byte[] {0}), emptyColumns(), 1, 0,
        Long.MAX_VALUE, null, false, true, false);
  }

  public static NavigableMap<byte[], NavigableSet<byte[]>> emptyColumns() {
    return Collections.unmodifiableNavigableMap(new TreeMap<>(Bytes::compare));
  }

  public ScanSpec withRows(byte[] start, byte[] stop) {
    return new ScanSpec(start, stop, columns, maxVersions, minTimestamp, maxTimestamp, filter,
        reversed, cacheBlocks, raw);
  }

  public ScanSpec withMaxVersions(int versions) {
    return new ScanSpec(startRow, stopRow, columns, versions, minTimestamp, maxTimestamp,
        filter, reversed, cacheBlocks, raw);
  }

  public ScanSpec withTimeRange(long min, long max) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, min, max, filter, reversed,
        cacheBlocks, raw);
  }

  /** Adds a whole family, or one column when {@code qualifier} is not null. */
  public ScanSpec withColumn(byte[] family, byte[] qualifier) {
    TreeMap<byte[], NavigableSet<byte[]>> c = new TreeMap<>(Bytes::compare);
    columns.forEach((f, q) -> c.put(f, new TreeSet<>(q)));
    NavigableSet<byte[]> qs = c.computeIfAbsent(family, f -> new TreeSet<>(Bytes::compare));
    if (qualifier != null) {
      qs.add(qualifier);
    }
    return new ScanSpec(startRow, stopRow, Collections.unmodifiableNavigableMap(c), maxVersions,
        minTimestamp, maxTimestamp, filter, reversed, cacheBlocks, raw);
  }

  public ScanSpec withReversed(boolean r) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp,
        filter, r, cacheBlocks, raw);
  }

  public ScanSpec withFilter(Filter f) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp, f,
        reversed, cacheBlocks, raw);
  }

  public ScanSpec withCacheBlocks(boolean cache) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp,
        filter, reversed, cache, raw);
  }

  /** Reads every stored cell, delete markers included (see {@link RowMatcher}). */
  public ScanSpec withRaw(boolean r) {
    return new ScanSpec(startRow, stopRow, columns, maxVersions, minTimestamp, maxTimestamp,
        filter, reversed, cacheBlocks, r);
  }

  /** Replaces the column selection (family to qualifiers; see the class comment). */
  public ScanSpec withColumns(NavigableMap<byte[], NavigableSet<byte[]>> c) {
    return new ScanSpec(startRow, stopRow, c, maxVersions, minTimestamp, maxTimestamp, filter,
        reversed, cacheBlocks, raw);
  }

  public boolean wantsFamily(byte[] family) {
    return columns.isEmpty() || columns.containsKey(family);
  }
}
