package io.strata.server.blockfile.encoding;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.ByteOutput;

/** Cells back to back in the plain key encoding; decoding points into the block, no copies. */
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
  public CellDecoder newDecoder(byte[] block, int offset, int limit) {
    return new CellDecoder() {
      private int pos = offset;

      @Override
      public boolean hasNext() {
        return pos < limit;
      }

      @Override
      public Cell next() {
        KeyValue kv = KeyValue.decode(block, pos, limit);
        pos += kv.getLength();
        return kv;
      }
    };
  }
}
