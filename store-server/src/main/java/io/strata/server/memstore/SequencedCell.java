package io.strata.server.memstore;

import io.strata.common.cell.CellComparator;
import io.strata.common.cell.KeyValue;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Comparator;

/**
 * A memstore cell: a view of the cell's bytes (in an MSLAB chunk) plus the MVCC write number of
 * the edit that wrote it, which orders otherwise equal cells (newest first) and decides
 * visibility: a reader at read point R sees the cell only if its write number is at most R.
 *
 * <p>A memstore search compares against a cell at every step, and on a busy server each memory
 * load of that step is a cache miss: the cell object, then the chunk holding the bytes, far from
 * it. So this object is the cell view itself rather than a wrapper around one, and it keeps the
 * first 32 bytes of the row as four words (which {@link CellTree} also keeps in its nodes): two
 * cells whose rows differ there are ordered without reading the chunk at all. That covers the
 * rows of most key designs (a salt or hash, a user id, pe's 26-digit rows). With three words,
 * pe's rows that differed only in their last two digits were told apart in the chunk: the last
 * seven steps of every search in a table of 100,000 rows, each a cache miss more.
 *
 * <p>Equality is the cell's ({@link KeyValue#equals}); the write number takes part only in
 * {@link #ORDER}.
 */
public final class SequencedCell extends KeyValue {
  /**
   * The least write number of a cell staged in an MSLAB, not yet in its segment: a staged
   * cell's number is negative, its lab's mark ({@code STAGED} plus a number of its segment).
   */
  public static final long STAGED = Long.MIN_VALUE;

  private static final VarHandle BIG_ENDIAN_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** Row bytes the four row words hold. */
  private static final int ROW_WORD_BYTES = 32;

  /**
   * Cell order, then higher write number first: the newest of equal cells wins. Rows whose
   * prefixes differ are ordered by the prefixes alone (see {@link #rowWord}).
   */
  public static final Comparator<SequencedCell> ORDER = SequencedCell::compare;

  /** {@link #ORDER}'s comparison, for code that compares without a comparator's call. */
  static int compare(SequencedCell a, SequencedCell b) {
    if (a.row0 != b.row0) {
      return Long.compareUnsigned(a.row0, b.row0);
    }
    if (a.row1 != b.row1) {
      return Long.compareUnsigned(a.row1, b.row1);
    }
    if (a.row2 != b.row2) {
      return Long.compareUnsigned(a.row2, b.row2);
    }
    if (a.row3 != b.row3) {
      return Long.compareUnsigned(a.row3, b.row3);
    }
    int rowA = a.getRowLength();
    int rowB = b.getRowLength();
    if (rowA <= ROW_WORD_BYTES && rowB <= ROW_WORD_BYTES) {
      // Both rows are whole in their words, which are equal: the rows are equal, or the
      // shorter is a prefix of the other. A key without a family (the first of its row, where a
      // get or a scan starts) then sorts before the row's cells, all from fields: a search
      // reached its row's cell at each level of the list that cell reaches, and read the
      // chunk there, a cache miss each time.
      if (rowA != rowB) {
        return rowA < rowB ? -1 : 1;
      }
      boolean noFamilyA = a.getFamilyLength() == 0;
      if (noFamilyA != (b.getFamilyLength() == 0)) {
        return noFamilyA ? -1 : 1;
      }
    }
    int c = CellComparator.INSTANCE.compare(a, b);
    return c != 0 ? c : Long.compare(b.writeNumber, a.writeNumber);
  }

  /**
   * Final but for a staged cell, which gets its write number once ({@link #index}) before the
   * index publishes it: readers find the cell only through the index's release writes.
   */
  private long writeNumber;
  // Row bytes 0-7, 8-15, 16-23 and 24-31 (see rowWord).
  private final long row0;
  private final long row1;
  private final long row2;
  private final long row3;

  /** The cell encoded at {@code offset} of {@code bytes} by the memstore itself. */
  SequencedCell(byte[] bytes, int offset, int length, long writeNumber) {
    super(bytes, offset, length);
    this.writeNumber = writeNumber;
    int from = getRowOffset();
    int end = from + getRowLength();
    this.row0 = rowWord(bytes, from, end);
    this.row1 = rowWord(bytes, from + 8, end);
    this.row2 = rowWord(bytes, from + 16, end);
    this.row3 = rowWord(bytes, from + 24, end);
  }

  /**
   * Gives a staged cell (of a negative number, {@link #STAGED}) the write number of its edit as
   * its segment indexes it: the staged object itself goes into the index, where a copy of it
   * with the number (its lengths and row words taken, not read again from the chunk) was a
   * second object for every cell written.
   */
  void index(long writeNumber) {
    if (this.writeNumber >= 0) {
      throw new IllegalStateException("cell " + this + " was indexed already");
    }
    this.writeNumber = writeNumber;
  }

  /** A search key, or a cell for tests: a view of the same bytes as {@code cell}. */
  public SequencedCell(KeyValue cell, long writeNumber) {
    this(cell.getBuffer(), cell.getOffset(), cell.getLength(), writeNumber);
  }

  public long writeNumber() {
    return writeNumber;
  }

  // The row words, for an index that keeps them beside its entries (CellTree).
  long row0() {
    return row0;
  }

  long row1() {
    return row1;
  }

  long row2() {
    return row2;
  }

  long row3() {
    return row3;
  }

  /**
   * The 8 row bytes from {@code at}, big-endian, as zeros past the row's {@code end}. Unsigned,
   * two such words that differ order their rows as the rows' bytes do: at the first differing
   * byte either both rows have a byte, or one has ended there (a zero against a byte that is not
   * zero), and a row that ends first sorts first. Words that are equal decide nothing: rows "a"
   * and "a\0" have the same ones.
   */
  static long rowWord(byte[] b, int at, int end) {
    if (at + 8 <= end) { // a whole word of the row: one load (byte by byte, 0.09 µs a cell)
      return (long) BIG_ENDIAN_LONGS.get(b, at);
    }
    long w = 0;
    for (int i = at; i < at + 8; i++) {
      w = (w << 8) | (i < end ? b[i] & 0xFF : 0);
    }
    return w;
  }

  @Override
  public String toString() {
    return super.toString() + "/seq=" + writeNumber;
  }
}
