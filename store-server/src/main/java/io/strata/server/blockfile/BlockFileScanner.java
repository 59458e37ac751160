package io.strata.server.blockfile;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.util.Bytes;
import io.strata.server.blockfile.encoding.CellDecoder;
import io.strata.server.blockfile.encoding.DataBlockCodecs;
import java.io.IOException;

/**
 * A forward cursor over the cells of one block file. Position it with {@link #seekToFirst()} or
 * {@link #seek(Cell)}, then read with {@link #peek()} and {@link #next()}. Not thread-safe; open
 * one per reading thread. Data blocks are decoded cell by cell as the cursor advances.
 */
public final class BlockFileScanner {
  private final BlockFileReader reader;
  private Block block;
  private CellDecoder decoder;
  private Cell current;

  private final boolean cacheData;

  BlockFileScanner(BlockFileReader reader, boolean cacheData) {
    this.reader = reader;
    this.cacheData = cacheData;
  }

  public BlockFileReader reader() {
    return reader;
  }

  /** Positions at the first cell; false if the file is empty. */
  public boolean seekToFirst() throws IOException {
    if (reader.dataEnd() == 0) {
      current = null;
      return false;
    }
    loadBlockAt(0);
    return advanceIntoNextBlockIfNeeded();
  }

  /** Positions at the first cell at or after {@code key}; false if there is none. */
  public boolean seek(Cell key) throws IOException {
    BlockHandle h = reader.locateDataBlock(key);
    if (h == null) {
      current = null;
      return false;
    }
    loadBlock(h);
    advanceIntoNextBlockIfNeeded();
    while (current != null && CellComparator.INSTANCE.compare(current, key) < 0) {
      next();
    }
    return current != null;
  }

  /**
   * Moves forward to the first cell at or after {@code key} (not before the cursor). If the key
   * sorts before the next block's first key it lies in this block, and stepping through the
   * block is cheaper than an index search (HBASE-13109's SEEK vs SKIP); otherwise it seeks.
   */
  public boolean reseek(Cell key) throws IOException {
    if (current == null) {
      return false;
    }
    if (CellComparator.INSTANCE.compare(current, key) >= 0) {
      return true;
    }
    Cell nextBlockFirst = reader.firstKeyOfBlockAfter(block.handle());
    if (nextBlockFirst != null && CellComparator.INSTANCE.compare(key, nextBlockFirst) >= 0) {
      return seek(key);
    }
    while (current != null && CellComparator.INSTANCE.compare(current, key) < 0) {
      next();
    }
    return current != null;
  }

  /** The cell at the cursor, or null when past the end. */
  public Cell peek() {
    return current;
  }

  /** Returns the cell at the cursor and moves past it; null when past the end. */
  public Cell next() throws IOException {
    Cell c = current;
    if (c != null) {
      current = decode();
      advanceIntoNextBlockIfNeeded();
    }
    return c;
  }

  private boolean advanceIntoNextBlockIfNeeded() throws IOException {
    while (current == null && block != null) {
      long nextOffset = block.handle().offset() + block.handle().size();
      if (nextOffset >= reader.dataEnd()) {
        block = null;
        decoder = null;
        return false;
      }
      loadBlockAt(nextOffset);
    }
    return current != null;
  }

  private void loadBlockAt(long offset) throws IOException {
    setBlock(reader.readDataBlockAt(offset, cacheData));
  }

  private void loadBlock(BlockHandle h) throws IOException {
    setBlock(reader.readBlock(h, BlockType.DATA, cacheData));
  }

  private void setBlock(Block b) throws IOException {
    block = b;
    try {
      decoder = DataBlockCodecs.forId(block.encodingId())
          .newDecoder(block.array(), block.offset(), block.offset() + block.length());
    } catch (IOException e) {
      throw reader.corrupt(e.getMessage() + " in block at offset " + b.handle().offset());
    }
    current = decode();
  }

  private Cell decode() throws IOException {
    if (decoder == null || !decoder.hasNext()) {
      return null;
    }
    try {
      return decoder.next();
    } catch (IllegalArgumentException e) {
      throw reader.corrupt(e.getMessage() + " in data block at offset "
          + block.handle().offset());
    }
  }
}
