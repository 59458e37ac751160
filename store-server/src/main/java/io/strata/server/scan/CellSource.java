package io.strata.server.scan;

import io.strata.common.cell.Cell;
import java.io.Closeable;
import java.io.IOException;

/**
 * A sorted stream of cells from one place (a memstore segment, a block file), positioned by
 * {@link #seek}. Sources are merged by {@link MergingScanner}.
 */
public interface CellSource extends Closeable {
  /** The cell at the cursor, or null at the end. */
  Cell peek();

  /** Returns the cell at the cursor and advances; null at the end. */
  Cell next() throws IOException;

  /** Positions at the first cell at or after {@code key}; false if there is none. */
  boolean seek(Cell key) throws IOException;

  /**
   * Rank among sources holding equal keys: lower is newer and wins (memstore before files,
   * newer files before older).
   */
  long rank();

  @Override
  void close();
}
