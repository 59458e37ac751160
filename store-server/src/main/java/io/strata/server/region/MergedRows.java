package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.cell.KeyValue;
import io.strata.server.scan.MergingScanner;
import io.strata.server.scan.RowMatcher;
import java.io.IOException;
import java.util.List;

/**
 * A compaction's merged cells as rows, for a listener that rewrites them ({@link
 * RegionEvents#compactionRows}), as the compaction's matcher keeps them (a major one: what a
 * reader sees; a minor one: {@link RetainDeletes#minorCompaction}), or, for a minor one that can
 * drop nothing, as merged (older copies of a key are dropped when written). Cells are copied, so
 * a listener may keep them; the merge's blocks go back after each row.
 */
final class MergedRows implements CompactionRows {
  private final MergingScanner merged;
  /** Null for a minor compaction that can drop nothing. */
  private final RowMatcher matcher;
  private final StopCheck checkNotStopped;

  /** Fails the compaction when the store is closing. */
  @FunctionalInterface
  interface StopCheck {
    void run() throws IOException;
  }

  MergedRows(MergingScanner merged, RowMatcher matcher, StopCheck checkNotStopped) {
    this.merged = merged;
    this.matcher = matcher;
    this.checkNotStopped = checkNotStopped;
  }

  @Override
  public boolean next(List<Cell> row) throws IOException {
    checkNotStopped.run();
    if (merged.peek() == null) {
      return false;
    }
    if (matcher != null) {
      for (Cell c : matcher.readRow(merged)) {
        row.add(KeyValue.deepCopy(c));
      }
    } else {
      Cell first = KeyValue.deepCopy(merged.next());
      row.add(first);
      Cell c;
      while ((c = merged.peek()) != null && CellUtil.matchingRows(c, first)) {
        row.add(KeyValue.deepCopy(merged.next()));
      }
    }
    merged.shipped(); // copied: the blocks passed over may go back
    return merged.peek() != null;
  }

  @Override
  public void close() {
    // The compaction closes the merge.
  }
}
