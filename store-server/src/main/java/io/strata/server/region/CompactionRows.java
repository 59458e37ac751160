package io.strata.server.region;

import io.strata.common.cell.Cell;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * The rows a store's compaction writes, one at a time: what {@link RegionEvents#compactionRows}
 * may wrap to drop or change cells. Each row's cells are copies the caller may keep.
 */
public interface CompactionRows extends Closeable {
  /**
   * Adds the next row's cells to {@code row}, in order; returns whether more rows follow (false
   * with the last, and with nothing added once the rows are done).
   */
  boolean next(List<Cell> row) throws IOException;

  @Override
  void close();
}
