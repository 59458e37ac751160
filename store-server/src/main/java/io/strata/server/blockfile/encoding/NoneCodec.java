package io.strata.server.blockfile.encoding;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.ByteOutput;
import java.nio.ByteBuffer;

/**
 * Cells back to back in the plain key encoding; decoding points into the block, on the heap or
 * off it, with no copies.
 */
final class NoneCodec implements DataBlockCodec {
  @Override
  public int id() {
    return 0;
  }

  @Override
  public DataBlockEncoding encoding() {
    return DataBlockEncoding.NONE;
  }

  @Override
  public Encoder newEncoder() {
    return new Encoder() {
      @Override
      public void reset() {}

      @Override
      public void encode(Cell c, ByteOutput out) {
        CellKeys.writeCell(c, out);
      }
    };
  }

  @Override
  public CellDecoder newDecoder(ByteBuffer block, int offset, int limit) {
    return new KeyValueDecoder(block, offset, limit);
  }
}
