package io.strata.client;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.util.Bytes;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * The cells of one row that a Get, a scan, an Increment or an Append returned. Immutable.
 *
 * <p>Cells are in {@link CellComparator} order: by family, then qualifier, then timestamp
 * newest first. Lookups by column binary-search them, so {@link #getValue} costs
 * O(log cells), not O(cells).
 *
 * <pre>{@code
 * Result r = table.get(new Get(row).readVersions(3));
 * byte[] name = r.getValue(Bytes.toBytes("info"), Bytes.toBytes("name"));   // newest, or null
 * for (Cell c : r.getColumnCells(Bytes.toBytes("info"), Bytes.toBytes("name"))) { ... }
 * }</pre>
 *
 * <p>Differences from HBase: {@link #listCells()}, {@link #getFamilyMap}, {@link #getMap()} and
 * {@link #getNoVersionMap()} return empty collections, never null, for an empty Result;
 * {@link #rawCells()} returns a copy of the array; cells carry no tags (the server keeps tags to
 * itself); a null family is refused with an IllegalArgumentException, a null qualifier is the
 * empty one.
 */
public final class Result {
  private static final CellComparator CMP = CellComparator.INSTANCE;
  private static final Cell[] NO_CELLS = new Cell[0];

  /** No cells, no existence answer, not partial. */
  public static final Result EMPTY = new Result(NO_CELLS, null, false, false);

  private final Cell[] cells;
  private final Boolean exists;
  private final boolean stale;
  private final boolean partial;
  // The row of the first cell, copied once; null when there are no cells.
  private final byte[] row;

  private Result(Cell[] cells, Boolean exists, boolean stale, boolean partial) {
    this.cells = cells;
    this.exists = exists;
    this.stale = stale;
    this.partial = partial;
    this.row = cells.length == 0 ? null
        : Bytes.copy(cells[0].getRowArray(), cells[0].getRowOffset(), cells[0].getRowLength());
  }

  /**
   * A Result over {@code cells}, which must be the cells of one row in {@link CellComparator}
   * order. They are not sorted here (the server sends them sorted); that they are is asserted
   * when assertions are on.
   */
  public static Result create(List<? extends Cell> cells) {
    return create(cells, null, false, false);
  }

  /** @param exists the answer of an existence-only Get; null otherwise */
  public static Result create(List<? extends Cell> cells, Boolean exists) {
    return create(cells, exists, false, false);
  }

  /** @param stale what {@link #isStale()} says (HBase's meaning; Strata's servers make none) */
  public static Result create(List<? extends Cell> cells, Boolean exists, boolean stale) {
    return create(cells, exists, stale, false);
  }

  /**
   * @param exists the answer of an existence-only Get; null otherwise
   * @param stale what {@link #isStale()} says
   * @param mayHaveMoreCellsInRow whether more cells of the same row follow in the next Result
   *     of a scan
   */
  public static Result create(List<? extends Cell> cells, Boolean exists, boolean stale,
      boolean mayHaveMoreCellsInRow) {
    if (cells == null) {
      throw new IllegalArgumentException("cells is null; pass an empty list for no cells");
    }
    // Presized: an empty array to fill makes ArrayList.toArray create one reflectively, which
    // C1 (the benchmark client's JIT) leaves a call into the VM, about 0.2 µs a scanned row.
    Cell[] array = cells.toArray(new Cell[cells.size()]);
    for (int i = 0; i < array.length; i++) {
      if (array[i] == null) {
        throw new IllegalArgumentException("cell " + i + " of " + array.length + " is null");
      }
    }
    assert isOneSortedRow(array) : "cells are not one row in CellComparator order: " + cells;
    return new Result(array, exists, stale, mayHaveMoreCellsInRow);
  }

  /** As {@link #create(List)} for an array (HBase's {@code Result.create(Cell[])}). */
  public static Result create(Cell[] cells) {
    if (cells == null) {
      throw new IllegalArgumentException("cells is null; pass an empty array for no cells");
    }
    return create(Arrays.asList(cells));
  }

  private static boolean isOneSortedRow(Cell[] cells) {
    for (int i = 1; i < cells.length; i++) {
      if (CMP.compareRows(cells[0], cells[i]) != 0 || CMP.compare(cells[i - 1], cells[i]) > 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * Joins the partial Results of one row that a scan with a batch or a size limit returned, in
   * the order returned. Every Result but the last must be partial; the joined one is not.
   */
  public static Result createCompleteResult(List<Result> partials) {
    if (partials == null || partials.isEmpty()) {
      return EMPTY;
    }
    List<Cell> all = new ArrayList<>();
    byte[] firstRow = null;
    for (int i = 0; i < partials.size(); i++) {
      Result r = partials.get(i);
      if (i < partials.size() - 1 && !r.partial) {
        throw new IllegalArgumentException("result " + i + " of " + partials.size()
            + " is not partial, but only the last result of a row may be complete: these "
            + "results are not the pieces of one row");
      }
      if (r.row != null) {
        if (firstRow == null) {
          firstRow = r.row;
        } else if (!Bytes.equals(firstRow, r.row)) {
          throw new IllegalArgumentException("partial results are of different rows, "
              + Operations.rowString(firstRow) + " and " + Operations.rowString(r.row)
              + " (result " + i + "); join only the pieces of one row");
        }
      }
      all.addAll(Arrays.asList(r.cells));
    }
    return create(all, null, false, false);
  }

  /** The cells in order, as a new array (the Result stays unchanged whatever the caller does). */
  public Cell[] rawCells() {
    return cells.clone();
  }

  /** The cells in order, read-only; empty (HBase: null) when the Result is empty. */
  public List<Cell> listCells() {
    return Collections.unmodifiableList(Arrays.asList(cells));
  }

  /** The row key, or null when the Result has no cells. The array is shared: do not change it. */
  public byte[] getRow() {
    return row;
  }

  /** The newest version's value of the column, or null when the column is absent. */
  public byte[] getValue(byte[] family, byte[] qualifier) {
    Cell c = getColumnLatestCell(family, qualifier);
    return c == null ? null : valueOf(c);
  }

  /**
   * The newest version's value of the column as a read-only buffer over the cell (no copy), or
   * null when the column is absent.
   */
  public ByteBuffer getValueAsByteBuffer(byte[] family, byte[] qualifier) {
    Cell c = getColumnLatestCell(family, qualifier);
    return c == null ? null : valueBuffer(c);
  }

  /**
   * As {@link #getValueAsByteBuffer(byte[], byte[])} for the family
   * {@code family[foffset, foffset+flength)} and qualifier
   * {@code qualifier[qoffset, qoffset+qlength)}.
   */
  public ByteBuffer getValueAsByteBuffer(byte[] family, int foffset, int flength,
      byte[] qualifier, int qoffset, int qlength) {
    Cell c = getColumnLatestCell(family, foffset, flength, qualifier, qoffset, qlength);
    return c == null ? null : valueBuffer(c);
  }

  /**
   * Copies the newest version's value of the column into {@code dst} at its position (which
   * advances); returns false, copying nothing, when the column is absent.
   *
   * @throws BufferOverflowException when {@code dst} has less room than the value
   */
  public boolean loadValue(byte[] family, byte[] qualifier, ByteBuffer dst) {
    Cell c = getColumnLatestCell(family, qualifier);
    if (c == null) {
      return false;
    }
    if (dst.remaining() < c.getValueLength()) {
      throw new BufferOverflowException();
    }
    dst.put(c.getValueArray(), c.getValueOffset(), c.getValueLength());
    return true;
  }

  private static ByteBuffer valueBuffer(Cell c) {
    return ByteBuffer.wrap(c.getValueArray(), c.getValueOffset(), c.getValueLength()).slice()
        .asReadOnlyBuffer();
  }

  /** The value of the first cell, or null when empty. */
  public byte[] value() {
    return cells.length == 0 ? null : valueOf(cells[0]);
  }

  /** Whether the Result has a cell of the column. */
  public boolean containsColumn(byte[] family, byte[] qualifier) {
    return getColumnLatestCell(family, qualifier) != null;
  }

  /** As {@link #containsColumn(byte[], byte[])} for parts of arrays. */
  public boolean containsColumn(byte[] family, int foffset, int flength, byte[] qualifier,
      int qoffset, int qlength) {
    return getColumnLatestCell(family, foffset, flength, qualifier, qoffset, qlength) != null;
  }

  /** As {@link #containsNonEmptyColumn(byte[], byte[])} for parts of arrays. */
  public boolean containsNonEmptyColumn(byte[] family, int foffset, int flength,
      byte[] qualifier, int qoffset, int qlength) {
    Cell c = getColumnLatestCell(family, foffset, flength, qualifier, qoffset, qlength);
    return c != null && c.getValueLength() > 0;
  }

  /** As {@link #containsEmptyColumn(byte[], byte[])} for parts of arrays. */
  public boolean containsEmptyColumn(byte[] family, int foffset, int flength, byte[] qualifier,
      int qoffset, int qlength) {
    Cell c = getColumnLatestCell(family, foffset, flength, qualifier, qoffset, qlength);
    return c != null && c.getValueLength() == 0;
  }

  /** Whether the column is present and its newest version's value is not empty. */
  public boolean containsNonEmptyColumn(byte[] family, byte[] qualifier) {
    Cell c = getColumnLatestCell(family, qualifier);
    return c != null && c.getValueLength() > 0;
  }

  /** Whether the column is present and its newest version's value is empty. */
  public boolean containsEmptyColumn(byte[] family, byte[] qualifier) {
    Cell c = getColumnLatestCell(family, qualifier);
    return c != null && c.getValueLength() == 0;
  }

  /** Every version of the column, newest first; empty when absent. Read-only. */
  public List<Cell> getColumnCells(byte[] family, byte[] qualifier) {
    byte[] f = family(family);
    byte[] q = Operations.qualifier(qualifier);
    int from = lowerBound(f, 0, f.length, q, 0, q.length);
    int to = from;
    while (to < cells.length && compareColumn(cells[to], f, 0, f.length, q, 0, q.length) == 0) {
      to++;
    }
    return Collections.unmodifiableList(Arrays.asList(cells).subList(from, to));
  }

  /** The newest version of the column, or null when absent. */
  public Cell getColumnLatestCell(byte[] family, byte[] qualifier) {
    byte[] f = family(family);
    byte[] q = Operations.qualifier(qualifier);
    return getColumnLatestCell(f, 0, f.length, q, 0, q.length);
  }

  /**
   * As {@link #getColumnLatestCell(byte[], byte[])} for the family
   * {@code family[foffset, foffset+flength)} and qualifier
   * {@code qualifier[qoffset, qoffset+qlength)} (a null qualifier is the empty one).
   */
  public Cell getColumnLatestCell(byte[] family, int foffset, int flength, byte[] qualifier,
      int qoffset, int qlength) {
    checkPart(family(family), foffset, flength, "family");
    byte[] q = qualifier;
    if (q == null) {
      q = Bytes.EMPTY;
      qoffset = 0;
      qlength = 0;
    }
    checkPart(q, qoffset, qlength, "qualifier");
    int i = lowerBound(family, foffset, flength, q, qoffset, qlength);
    return i < cells.length
        && compareColumn(cells[i], family, foffset, flength, q, qoffset, qlength) == 0
        ? cells[i] : null;
  }

  private static void checkPart(byte[] a, int offset, int length, String what) {
    if (offset < 0 || length < 0 || offset > a.length - length) {
      throw new IllegalArgumentException(what + " bytes [" + offset + ", " + offset + " + "
          + length + ") are outside the " + a.length + "-byte array");
    }
  }

  /** Qualifier to newest value, for one family; empty when the family is absent. */
  public NavigableMap<byte[], byte[]> getFamilyMap(byte[] family) {
    byte[] f = family(family);
    NavigableMap<byte[], byte[]> out = new TreeMap<>(Bytes::compare);
    Cell previous = null;
    // The empty qualifier sorts first, so this finds the family's first cell.
    for (int i = lowerBound(f, 0, f.length, Bytes.EMPTY, 0, 0); i < cells.length
        && CMP.compareFamily(cells[i], f, 0, f.length) == 0; i++) {
      Cell c = cells[i];
      // Versions of a column are adjacent, newest first: keep the first of each run.
      if (previous == null || CMP.compareQualifiers(previous, c) != 0) {
        out.put(qualifierOf(c), valueOf(c));
      }
      previous = c;
    }
    return out;
  }

  /**
   * Family to qualifier to timestamp to value; timestamps in descending order, so each
   * column's first entry is its newest version. Built on each call.
   */
  public NavigableMap<byte[], NavigableMap<byte[], NavigableMap<Long, byte[]>>> getMap() {
    NavigableMap<byte[], NavigableMap<byte[], NavigableMap<Long, byte[]>>> out =
        new TreeMap<>(Bytes::compare);
    for (Cell c : cells) {
      out.computeIfAbsent(familyOf(c), k -> new TreeMap<>(Bytes::compare))
          .computeIfAbsent(qualifierOf(c), k -> new TreeMap<>(Comparator.reverseOrder()))
          // Two cells at one timestamp (e.g. a tombstone and a put in a raw scan): the first
          // in cell order wins.
          .putIfAbsent(c.getTimestamp(), valueOf(c));
    }
    return out;
  }

  /** Family to qualifier to newest value. Built on each call. */
  public NavigableMap<byte[], NavigableMap<byte[], byte[]>> getNoVersionMap() {
    NavigableMap<byte[], NavigableMap<byte[], byte[]>> out = new TreeMap<>(Bytes::compare);
    for (Cell c : cells) {
      out.computeIfAbsent(familyOf(c), k -> new TreeMap<>(Bytes::compare))
          .putIfAbsent(qualifierOf(c), valueOf(c));
    }
    return out;
  }

  public boolean isEmpty() {
    return cells.length == 0;
  }

  /** Number of cells. */
  public int size() {
    return cells.length;
  }

  /**
   * False for every Result a server sends: Strata has no read replicas, so each comes from the
   * region's one copy. (In HBase, true for a Result read from a secondary replica.) True only
   * for one made so with {@link #create(List, Boolean, boolean)}.
   */
  public boolean isStale() {
    return stale;
  }

  /**
   * Checks that two Results hold the same cells (keys, types, values and tags, in order), as
   * HBase's {@code Result.compareResults}; returns quietly if so.
   *
   * @throws IllegalArgumentException naming the first difference: a missing Result, a
   *     different number of cells, or the first cell that differs
   */
  public static void compareResults(Result expected, Result actual) {
    if (expected == null || actual == null) {
      throw new IllegalArgumentException("results differ: "
          + (expected == null ? "the first" : "the second") + " result is null");
    }
    if (expected.cells.length != actual.cells.length) {
      throw new IllegalArgumentException("results differ: row "
          + Operations.rowString(expected.row != null ? expected.row : actual.row) + " has "
          + expected.cells.length + " cells in the first result and " + actual.cells.length
          + " in the second");
    }
    for (int i = 0; i < expected.cells.length; i++) {
      Cell a = expected.cells[i];
      Cell b = actual.cells[i];
      if (CMP.compare(a, b) != 0
          || !Bytes.equals(a.getValueArray(), a.getValueOffset(), a.getValueLength(),
              b.getValueArray(), b.getValueOffset(), b.getValueLength())
          || !Bytes.equals(a.getTagsArray(), a.getTagsOffset(), a.getTagsLength(),
              b.getTagsArray(), b.getTagsOffset(), b.getTagsLength())) {
        throw new IllegalArgumentException("results differ at cell " + i + ": "
            + cellString(a) + " vs " + cellString(b));
      }
    }
  }

  /** The answer of an existence-only Get; null for any other Result. */
  public Boolean getExists() {
    return exists;
  }

  /**
   * Whether more cells of this row follow in the next Result (a scan with a batch or size
   * limit). Join the pieces with {@link #createCompleteResult}.
   */
  public boolean mayHaveMoreCellsInRow() {
    return partial;
  }

  /** {@code keyvalues={row/family:qualifier/timestamp/TYPE/vlen=N, ...}}, or keyvalues=NONE. */
  @Override
  public String toString() {
    if (cells.length == 0) {
      return "keyvalues=NONE";
    }
    StringBuilder sb = new StringBuilder("keyvalues={");
    for (int i = 0; i < cells.length; i++) {
      sb.append(i == 0 ? "" : ", ").append(cellString(cells[i]));
    }
    return sb.append('}').toString();
  }

  /** Index of the first cell whose column is at or after {@code family:qualifier}. */
  private int lowerBound(byte[] family, int foffset, int flength, byte[] qualifier, int qoffset,
      int qlength) {
    int lo = 0;
    int hi = cells.length;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (compareColumn(cells[mid], family, foffset, flength, qualifier, qoffset, qlength) < 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  private static int compareColumn(Cell c, byte[] family, int foffset, int flength,
      byte[] qualifier, int qoffset, int qlength) {
    int cmp = CMP.compareFamily(c, family, foffset, flength);
    return cmp != 0 ? cmp : CMP.compareQualifier(c, qualifier, qoffset, qlength);
  }

  private static byte[] family(byte[] family) {
    if (family == null) {
      throw new IllegalArgumentException("column family is null; name the family to look up");
    }
    return family;
  }

  private static byte[] familyOf(Cell c) {
    return Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
  }

  private static byte[] qualifierOf(Cell c) {
    return Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
  }

  private static byte[] valueOf(Cell c) {
    return Bytes.copy(c.getValueArray(), c.getValueOffset(), c.getValueLength());
  }

  /** {@code row/family:qualifier/timestamp/TYPE/vlen=N}, as KeyValue prints, for any Cell. */
  static String cellString(Cell c) {
    return io.strata.common.cell.CellUtil.getCellKeyAsString(c) + "/vlen=" + c.getValueLength();
  }
}
