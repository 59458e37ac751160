package io.strata.client.internal;

import io.strata.client.Result;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Regroups the parts of rows a scan with {@code setBatch(n)} receives into Results of exactly
 * {@code n} cells, all but the last of each row, whose size is 1 to {@code n}: what HBase 2's
 * client promises. The servers cut a row into parts of at most {@code n} cells, but a call's byte
 * limit cuts it anywhere, so parts come in all sizes.
 *
 * <p>A full group is held back until the next cell of its row, or the row's end, comes: only
 * then is it known whether more cells follow ({@link Result#mayHaveMoreCellsInRow()}), which
 * tells a row's last Result and where a scan resumes. Not thread-safe: the scanner's chain
 * calls it one stage at a time.
 */
final class BatchRegrouper {
  private final int batch;
  /** Cells of the current row not yet handed on: at most {@code batch}. */
  private final List<Cell> held = new ArrayList<>();

  BatchRegrouper(int batch) {
    if (batch < 1) {
      throw new IllegalArgumentException("batch " + batch + " must be at least 1");
    }
    this.batch = batch;
  }

  /**
   * Takes the next part received and hands {@code out} every Result it completes, in order. An
   * empty part that ends its row (a resumed scan finding nothing new of the row) just ends it.
   */
  void add(Result part, Consumer<Result> out) {
    Cell[] cells = part.rawCells();
    if (!held.isEmpty() && cells.length > 0 && !CellUtil.matchingRows(held.get(0), cells[0])) {
      rowEnded(out); // the servers ended the row with a part that said more might follow
    }
    for (Cell c : cells) {
      if (held.size() == batch) {
        out.accept(group(true));
      }
      held.add(c);
    }
    if (!part.mayHaveMoreCellsInRow()) {
      rowEnded(out);
    }
  }

  /** The row's end: what is held goes out as its last Result. */
  void rowEnded(Consumer<Result> out) {
    if (!held.isEmpty()) {
      out.accept(group(false));
    }
  }

  /** Drops what is held: the scan resumes after what was handed on, and sends it again. */
  void clear() {
    held.clear();
  }

  private Result group(boolean more) {
    Result r = Result.create(held, null, false, more);
    held.clear();
    return r;
  }
}
