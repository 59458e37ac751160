package io.strata.server.blockfile.encoding;

import io.strata.common.cell.BufferKeyValue;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.ByteBuffers;
import java.nio.ByteBuffer;

/**
 * Cells back to back in the plain key encoding, read where they lie: {@link KeyValue}s on a heap
 * block's array, {@link BufferKeyValue}s in off-heap memory. Nothing is copied, and skipping
 * compares keys in place.
 */
class KeyValueDecoder implements CellDecoder {
  final ByteBuffer block;
  final int start;
  final int end;
  int pos;

  KeyValueDecoder(ByteBuffer block, int start, int end) {
    this.block = block;
    this.start = start;
    this.end = end;
    this.pos = start;
  }

  @Override
  public boolean hasNext() {
    return pos < end;
  }

  @Override
  public Cell next() {
    if (block.hasArray()) {
      int base = block.arrayOffset();
      KeyValue kv = KeyValue.decode(block.array(), base + pos, base + end);
      pos += kv.getLength();
      return kv;
    }
    BufferKeyValue kv = BufferKeyValue.decode(block, pos, end);
    pos += kv.getLength();
    return kv;
  }

  @Override
  public boolean skipBefore(Cell key) {
    while (pos < end) {
      int length = BufferKeyValue.validate(block, pos, end);
      if (compareAt(pos, key) >= 0) {
        return true;
      }
      pos += length;
    }
    return false;
  }

  /** Compares the key of the (validated) cell at {@code at} with {@code key}. */
  final int compareAt(int at, Cell key) {
    return CellKeys.compareKey(block, at + 8, ByteBuffers.getInt(block, at), key);
  }
}
