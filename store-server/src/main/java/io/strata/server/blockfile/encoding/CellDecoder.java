package io.strata.server.blockfile.encoding;

import io.strata.common.cell.Cell;

/**
 * Walks the cells of one decoded data block in order. Cells it returns point into the block
 * where they can (a heap array, or off-heap cache memory) and stay valid while the block does.
 * Malformed bytes raise IllegalArgumentException naming the offset.
 */
public interface CellDecoder {
  boolean hasNext();

  Cell next();

  /**
   * Passes over the cells that sort before {@code key} without creating them (a seek inside a
   * block touches many cells and returns one); true if a cell remains, the first at or after
   * the key, which {@link #next} then returns.
   */
  boolean skipBefore(Cell key);
}
