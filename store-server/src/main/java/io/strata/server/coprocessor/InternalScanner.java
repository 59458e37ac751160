package io.strata.server.coprocessor;

import io.strata.common.cell.Cell;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * Rows of cells, one at a time, as HBase's InternalScanner: a region's scan
 * ({@link LocalRegion#getScanner}), or the rows a compaction writes, which an observer may wrap
 * ({@link RegionObserver#preCompact(ObserverContext, byte[], InternalScanner, boolean)}).
 */
public interface InternalScanner extends Closeable {
  /**
   * Adds the next row's cells to {@code row}, in order; returns whether more rows follow it
   * (false with the last row, and with nothing added once the rows are done).
   */
  boolean next(List<Cell> row) throws IOException;

  @Override
  void close();
}
