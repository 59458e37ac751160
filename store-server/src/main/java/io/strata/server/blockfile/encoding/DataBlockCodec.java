package io.strata.server.blockfile.encoding;

import io.strata.common.cell.Cell;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.ByteOutput;

/**
 * One data block encoding: how the cells of a data block are laid out
 * (docs/formats/block-file.md, "Data block encodings"). Every block starts a fresh encoder
 * state, so a block decodes on its own, cell by cell, without expanding the whole block.
 */
public interface DataBlockCodec {
  /** Durable id written in each data block header: NONE 0, PREFIX 1, FAST_DIFF 2, ROW_INDEX_V1 3. */
  int id();

  DataBlockEncoding encoding();

  Encoder newEncoder();

  /**
   * Decodes the cells in {@code block[offset, limit)} (absolute indexes; the buffer's position
   * is not used). A heap buffer yields cells on its array; a direct one, cells read in place.
   */
  CellDecoder newDecoder(java.nio.ByteBuffer block, int offset, int limit);

  /** Decodes the cells in {@code block[offset, limit)}. */
  default CellDecoder newDecoder(byte[] block, int offset, int limit) {
    return newDecoder(java.nio.ByteBuffer.wrap(block), offset, limit);
  }

  /** Appends cells to a block in order; not thread-safe. */
  interface Encoder {
    /** Forgets the previous cell: the next cell starts a new block. */
    void reset();

    void encode(Cell cell, ByteOutput out);

    /** Appends what follows the block's last cell (nothing for most encodings). */
    default void finishBlock(ByteOutput out) {}
  }
}
