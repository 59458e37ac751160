package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;
import io.strata.server.scan.MergingScanner;
import io.strata.server.scan.RowMatcher;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * Rows of a region in order, each complete and as of the scanner's read point. Holds memstore
 * segments pinned until closed.
 */
public final class RegionScanner implements Closeable {
  private final MergingScanner merged;
  private final RowMatcher matcher;
  private final byte[] stopRow;
  private final byte[] regionEnd;

  RegionScanner(MergingScanner merged, RowMatcher matcher, byte[] stopRow, byte[] regionEnd) {
    this.merged = merged;
    this.matcher = matcher;
    this.stopRow = stopRow;
    this.regionEnd = regionEnd;
  }

  /** The next row with visible cells, or null when the range is exhausted. */
  public List<Cell> nextRow() throws IOException {
    while (true) {
      Cell c = merged.peek();
      if (c == null || beyond(stopRow, c) || beyond(regionEnd, c)) {
        return null;
      }
      List<Cell> row = matcher.readRow(merged);
      if (!row.isEmpty()) {
        return row;
      }
    }
  }

  private static boolean beyond(byte[] bound, Cell c) {
    return bound.length > 0 && Bytes.compare(c.getRowArray(), c.getRowOffset(), c.getRowLength(),
        bound, 0, bound.length) >= 0;
  }

  @Override
  public void close() {
    merged.close();
  }
}
