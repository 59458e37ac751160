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
   * Moves forward to the first cell at or after {@code key}, which is not before the cursor;
   * the source chooses between stepping and seeking. False when the source is exhausted.
   */
  boolean reseek(Cell key) throws IOException;

  /**
   * The greatest row of this source before {@code row} (null: the source's last row), or null
   * if there is none. Must not move the source's cursor: reversed scans ask it between rows.
   */
  byte[] previousRow(byte[] row) throws IOException;

  /**
   * Whether the cell {@link #next} returned last stays valid, unchanged, after the cursor moves
   * on and the source closes, so readers may keep it without copying. False where it points into
   * memory that is recycled (memstore chunks, shared cache blocks); the reader then copies what
   * it keeps. Such a cell is valid at least until {@link #shipped()} or close.
   */
  default boolean cellsStayValid() {
    return false;
  }

  /**
   * The reader has copied or sent every cell returned so far: memory those cells pointed into
   * that the source holds only for them (shared cache blocks it has moved off) may go back. The
   * cell under the cursor stays valid.
   */
  default void shipped() {}

  /**
   * A key no cell of this source comes after (its last cell's key, for an immutable file), or
   * null when unknown. A merge whose next source ends before every other source's current cell
   * takes that source's cells without comparing each with the others'.
   */
  default Cell lastKey() {
    return null;
  }

  /**
   * Rank among sources holding equal keys: lower is newer and wins (memstore before files,
   * newer files before older).
   */
  long rank();

  @Override
  void close();
}
