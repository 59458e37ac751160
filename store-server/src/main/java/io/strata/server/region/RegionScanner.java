package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;
import io.strata.server.scan.MergingScanner;
import io.strata.server.scan.RowMatcher;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Rows of a region in order, each complete and as of the scanner's read point. Holds memstore
 * segments pinned until closed.
 *
 * <p>By default every returned cell is the reader's to keep: cells pointing into memory that is
 * reused (memstore chunks, off-heap cache blocks) are copied onto the heap as they are returned.
 * A scanner made {@linkplain Region#scannerInPlace in place} copies nothing: its cells point
 * where they lie and stay valid until {@link #shipped()} or {@link #close()}, which is how a
 * server sends cells from off-heap memory to the network without a heap copy.
 */
public final class RegionScanner implements Closeable {
  private final MergingScanner merged;
  private final RowMatcher matcher;
  private byte[] stopRow;
  private byte[] regionEnd;
  // Reversed scans: rows are visited downward; each row is then read forward.
  private final boolean reversed;
  private final byte[] regionStart;
  private byte[] nextRowDown;
  /** Whether returned cells are copies the reader may keep (false: in place, until shipped). */
  private boolean copies = true;

  /** A forward scanner; {@code merged} is positioned at the first row to read. */
  RegionScanner(MergingScanner merged, RowMatcher matcher, byte[] stopRow, byte[] regionEnd) {
    this.merged = merged;
    this.matcher = matcher;
    this.stopRow = stopRow;
    this.regionEnd = regionEnd;
    this.reversed = false;
    this.regionStart = null;
  }

  /**
   * A reversed scanner starting at {@code firstRow} (the greatest row to read, or null if there
   * is none), stopping at {@code stopRow} (exclusive) or the region's start.
   */
  RegionScanner(MergingScanner merged, RowMatcher matcher, byte[] firstRow, byte[] stopRow,
      byte[] regionStart) {
    this.merged = merged;
    this.matcher = matcher;
    this.stopRow = stopRow;
    this.regionEnd = Bytes.EMPTY;
    this.reversed = true;
    this.regionStart = regionStart;
    this.nextRowDown = firstRow;
  }

  /**
   * Makes this closed forward scanner a new one over the (reset) merged stream and matcher: for
   * reuse by one thread at a time.
   */
  void reset(byte[] stopRow, byte[] regionEnd) {
    this.stopRow = stopRow;
    this.regionEnd = regionEnd;
    this.copies = true;
    this.inRow = false;
    this.rowHadCells = false;
  }

  /** Returned cells stay in place until {@link #shipped}; set before the first read. */
  RegionScanner inPlace() {
    copies = false;
    matcher.keepInPlace();
    return this;
  }

  /**
   * The reader is done with the cells returned so far (in place scanners): memory held only for
   * them goes back. Copying scanners do this on their own after every call.
   */
  public void shipped() {
    merged.shipped();
  }

  private boolean inRow;
  private boolean rowHadCells;
  private int maxRowCells = Integer.MAX_VALUE;

  /** The next row with visible cells, or null when the range is exhausted. */
  public List<Cell> nextRow() throws IOException {
    List<Cell> row = new ArrayList<>();
    return nextRow(row) ? row : null;
  }

  /**
   * Refuses, from {@link #nextRow()} on, a row of more than {@code cells} visible cells: a get,
   * which answers a whole row at once, must not build an unbounded one in the heap.
   */
  void limitRowCells(int cells) {
    this.maxRowCells = cells;
  }

  /** As {@link #nextRow()}, into {@code row}; false (and row left empty) at the end. */
  boolean nextRow(List<Cell> row) throws IOException {
    while (true) {
      if (!inRow && !startRow()) {
        return !row.isEmpty();
      }
      int room = maxRowCells == Integer.MAX_VALUE ? Integer.MAX_VALUE
          : maxRowCells + 1 - row.size();
      boolean rowDone = matcher.readCells(merged, room, Long.MAX_VALUE, row);
      if (row.size() > maxRowCells) {
        throw new io.strata.common.error.BadRequestException("a get of row "
            + Bytes.toStringBinary(matcher.row()) + " would return more than " + maxRowCells
            + " cells, " + io.strata.common.conf.SecurityKeys.MAX_GET_CELLS.name() + "; read so "
            + "wide a row with a scan and Scan.setBatch, or ask for fewer columns or versions");
      }
      shippedIfCopies(); // what it kept is copied: the blocks it passed can go back
      if (rowDone) {
        inRow = false;
        if (!row.isEmpty()) {
          return true;
        }
      }
    }
  }

  /** Moves to the next row in range; false at the end (or when the filter ends the scan). */
  private boolean startRow() throws IOException {
    if (reversed) {
      return startRowDown();
    }
    Cell c = merged.peek();
    if (c == null || beyond(stopRow, c) || beyond(regionEnd, c) || !matcher.beginRow(merged)) {
      return false;
    }
    inRow = true;
    rowHadCells = false;
    return true;
  }

  private boolean startRowDown() throws IOException {
    byte[] row = nextRowDown;
    if (row == null || (stopRow.length > 0 && Bytes.compare(row, stopRow) <= 0)
        || Bytes.compare(row, regionStart) < 0) {
      return false;
    }
    merged.seek(io.strata.common.cell.CellKeys.firstOnRow(row));
    nextRowDown = merged.previousRow(row);
    if (!matcher.beginRow(merged)) {
      return false;
    }
    inRow = true;
    rowHadCells = false;
    return true;
  }

  /** As {@link #next(int, int, long, long)} with no time limit. */
  public ScanBatch next(int maxRows, int cellsPerResult, long maxBytes) throws IOException {
    return next(maxRows, cellsPerResult, maxBytes, 0);
  }

  /**
   * The next results under limits, as the scanner protocol needs: at most {@code maxRows}
   * complete rows, at most {@code cellsPerResult} cells in one result (a row is split into
   * several results), and about {@code maxBytes} in all (at least one cell; a row cut by it
   * continues in the next call, exactly where it stopped). A result is partial when more of its
   * row follows.
   *
   * <p>Once {@code System.nanoTime()} passes {@code deadlineNanos} (0: no limit) the call ends
   * after the row it is in, or, if it has found nothing yet, between rows or even between the
   * cells of one row: a {@linkplain ScanBatch#heartbeat() heartbeat}, so a selective scan
   * answers within its time limit however many rows the filter rejects.
   */
  public ScanBatch next(int maxRows, int cellsPerResult, long maxBytes, long deadlineNanos)
      throws IOException {
    List<RowPart> parts = new ArrayList<>();
    long bytes = 0;
    int completedRows = 0;
    long scanned = 0;
    long filtered = 0;
    boolean read = false;
    int batch = cellsPerResult > 0 ? cellsPerResult : Integer.MAX_VALUE;
    matcher.setDeadline(deadlineNanos);
    try {
      while (completedRows < maxRows && (bytes < maxBytes || parts.isEmpty())) {
        // Checked only after this call read something, so every call makes progress.
        if (deadlineNanos != 0 && read && System.nanoTime() - deadlineNanos > 0) {
          shippedIfCopies();
          return new ScanBatch(parts, false, parts.isEmpty(), scanned, filtered);
        }
        if (!inRow) {
          if (!startRow()) {
            shippedIfCopies();
            return new ScanBatch(parts, true, false, scanned, filtered);
          }
          scanned++;
        }
        List<Cell> cells = new ArrayList<>();
        boolean whole = matcher.needsWholeRows();
        boolean rowDone = matcher.readCells(merged, whole ? Integer.MAX_VALUE : batch,
            whole ? Long.MAX_VALUE : Math.max(1, maxBytes - bytes), cells);
        read = true;
        for (Cell c : cells) {
          bytes += io.strata.server.scan.RowMatcher.sizeOf(c);
        }
        if (!cells.isEmpty()) {
          parts.add(new RowPart(matcher.row(), cells, !rowDone));
          rowHadCells = true;
        }
        if (rowDone) {
          inRow = false;
          if (rowHadCells) {
            completedRows++;
          } else {
            filtered++;
          }
        } else if (matcher.timedOut()) {
          shippedIfCopies();
          return new ScanBatch(parts, false, parts.isEmpty(), scanned, filtered);
        }
      }
      shippedIfCopies();
      return new ScanBatch(parts, false, false, scanned, filtered);
    } finally {
      matcher.setDeadline(0);
    }
  }

  private void shippedIfCopies() {
    if (copies) {
      merged.shipped();
    }
  }

  /** Part of a row: all of it unless {@code partial}, when more of the same row follows. */
  public record RowPart(byte[] row, List<Cell> cells, boolean partial) {}

  /**
   * What one call returned: {@code exhausted} when the scan has nothing more; {@code heartbeat}
   * when it stopped at its time limit with nothing found yet; the rows it began reading and the
   * rows it finished with nothing to return.
   */
  public record ScanBatch(List<RowPart> parts, boolean exhausted, boolean heartbeat,
      long rowsScanned, long rowsFiltered) {}

  private static boolean beyond(byte[] bound, Cell c) {
    return bound.length > 0 && io.strata.common.cell.CellComparator.INSTANCE.compareRow(c, bound)
        >= 0;
  }

  @Override
  public void close() {
    merged.close();
  }
}
