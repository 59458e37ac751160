package io.strata.server.blockfile.encoding;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.SplitCell;
import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A decoder for encodings that store each key as a difference from the one before (PREFIX,
 * FAST_DIFF): the key is rebuilt in one reused array, so cells passed over by
 * {@link #skipBefore} cost no allocation; a cell is created only when {@link #next} returns it.
 * From a heap block the cell's value stays in the block; from off-heap memory the whole cell is
 * copied onto the heap, because its key exists only here anyway.
 */
abstract class KeyRebuildingDecoder implements CellDecoder {
  final ByteBuffer block;
  final int limit;
  /** Read position: after the cell held in the fields below. */
  final int[] pos;
  /** The current cell's key in the key encoding, {@code key[0, keyLength)}. */
  byte[] key = new byte[64];
  int keyLength;
  int valueOffset;
  int valueLength;
  int tagsLength;
  /** Whether the fields hold a cell {@link #next} has not returned yet. */
  private boolean held;

  KeyRebuildingDecoder(ByteBuffer block, int offset, int limit) {
    this.block = block;
    this.limit = limit;
    this.pos = new int[] {offset};
  }

  /**
   * Reads the cell at {@code pos[0]} into the fields (its key rebuilt from the previous one) and
   * moves {@code pos[0]} past it.
   */
  abstract void readCell();

  /** Makes room for a key of {@code length} bytes, keeping what the array holds. */
  final void ensureKey(int length) {
    if (length > key.length) {
      key = Arrays.copyOf(key, Math.max(length, key.length * 2));
    }
  }

  @Override
  public final boolean hasNext() {
    return held || pos[0] < limit;
  }

  @Override
  public final Cell next() {
    if (!held) {
      readCell();
    }
    held = false;
    if (block.hasArray()) {
      int base = block.arrayOffset();
      return new SplitCell(Arrays.copyOf(key, keyLength), 0, keyLength, block.array(),
          base + valueOffset, valueLength, base + valueOffset + valueLength, tagsLength);
    }
    int total = 8 + keyLength + valueLength + 2 + tagsLength;
    byte[] cell = new byte[total];
    Bytes.putInt(cell, 0, keyLength);
    Bytes.putInt(cell, 4, valueLength);
    System.arraycopy(key, 0, cell, 8, keyLength);
    block.get(valueOffset, cell, 8 + keyLength, valueLength);
    Bytes.putShort(cell, 8 + keyLength + valueLength, (short) tagsLength);
    block.get(valueOffset + valueLength, cell, 8 + keyLength + valueLength + 2, tagsLength);
    return KeyValue.decode(cell, 0, total);
  }

  @Override
  public final boolean skipBefore(Cell target) {
    ByteBuffer keyView = null;
    while (true) {
      if (!held) {
        if (pos[0] >= limit) {
          return false;
        }
        readCell();
        SplitCell.checkKey(key, 0, keyLength);
        held = true;
      }
      if (keyView == null || keyView.array() != key) {
        keyView = ByteBuffer.wrap(key);
      }
      if (CellKeys.compareKey(keyView, 0, keyLength, target) >= 0) {
        return true;
      }
      held = false;
    }
  }
}
