package io.strata.client.internal;

import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;

/**
 * How far a scan has got: the row a newly opened region scanner starts at (inclusive), and
 * what of that scanner's answer the client already holds and must drop. A scanner reopens
 * after a region moved, split or lost its scanner; whatever had been received since the last
 * whole row was handed out is thrown away by the caller and fetched again from here.
 *
 * <p>A forward scan resumes just after the last whole row. A reversed scan cannot name "the row
 * just before", so it resumes at the last whole row and drops that row whenever it comes again.
 * When parts of a row were handed out (batches or partial results), the scan resumes at that
 * row and drops every cell up to the last one handed out.
 */
final class ScanPosition {
  private static final byte[] ZERO = {0};

  private final boolean reversed;
  private byte[] startRow;
  /** A row wholly received (or excluded by the scan): dropped whenever a scanner sends it. */
  private byte[] skipRow;
  /** A row of which parts were handed out, and the last cell handed out. */
  private byte[] partRow;
  private Cell lastPartCell;

  ScanPosition(Scan scan) {
    this.reversed = scan.isReversed();
    this.startRow = scan.getStartRow();
    if (!scan.includeStartRow() && startRow.length > 0) {
      if (reversed) {
        skipRow = startRow;
      } else {
        startRow = Bytes.add(startRow, ZERO);
      }
    }
  }

  /** Where the next region scanner starts, inclusive; empty for the table's first or last row. */
  byte[] startRow() {
    return startRow;
  }

  /**
   * What of {@code r}, just received, is new: null when all of it was received before. A
   * reversed scan that reopened at its last whole row is sent that row again; keeps dropping it
   * until another whole row is received, however many parts of the next row came in between.
   */
  Result admit(Result r) {
    if (skipRow != null && Bytes.equals(r.getRow(), skipRow)) {
      return null;
    }
    if (partRow != null && Bytes.equals(r.getRow(), partRow)) {
      return cellsAfter(r, lastPartCell); // a reopened scan sends the row again from its start
    }
    return r;
  }

  /** {@code r} went to the caller, whole or (when parts are handed out) as one part. */
  void handedOut(Result r) {
    if (r.mayHaveMoreCellsInRow()) {
      partRow = r.getRow();
      lastPartCell = r.rawCells()[r.size() - 1];
      startRow = r.getRow();
      skipRow = null;
      return;
    }
    partRow = null;
    lastPartCell = null;
    if (reversed) {
      startRow = r.getRow();
      skipRow = r.getRow();
    } else {
      startRow = Bytes.add(r.getRow(), ZERO);
      skipRow = null;
    }
  }

  /**
   * The region scanned so far has no more rows: the next one starts at {@code boundary}, the
   * finished region's end key (forward) or start key (reversed, whose next region's bound
   * clamps the scan to rows below it).
   */
  void regionFinished(byte[] boundary) {
    startRow = boundary;
    skipRow = null;
    partRow = null;
    lastPartCell = null;
  }

  /** The cells of {@code r} after {@code last}, or null if none are. */
  private static Result cellsAfter(Result r, Cell last) {
    List<Cell> keep = new ArrayList<>();
    for (Cell c : r.rawCells()) {
      if (CellComparator.INSTANCE.compare(c, last) > 0) {
        keep.add(c);
      }
    }
    if (keep.isEmpty()) {
      return r.mayHaveMoreCellsInRow() ? null : Result.create(List.of(), null, false, false);
    }
    return keep.size() == r.size() ? r : Result.create(keep, null, false,
        r.mayHaveMoreCellsInRow());
  }
}
