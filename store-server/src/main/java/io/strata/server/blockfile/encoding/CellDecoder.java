package io.strata.server.blockfile.encoding;

import io.strata.common.cell.Cell;

/**
 * Walks the cells of one decoded data block in order. Cells it returns stay valid while the
 * block's array is not reused. Malformed bytes raise IllegalArgumentException naming the offset.
 */
public interface CellDecoder {
  boolean hasNext();

  Cell next();
}
