package io.strata.server.blockfile;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.server.blockfile.encoding.CellDecoder;
import io.strata.server.blockfile.encoding.DataBlockCodecs;
import io.strata.server.fs.DirectReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A forward cursor over the cells of one block file. Position it with {@link #seekToFirst()} or
 * {@link #seek(Cell)}, then read with {@link #peek()} and {@link #next()}. Not thread-safe; open
 * one per reading thread. Data blocks are decoded cell by cell as the cursor advances, and a seek
 * inside a block passes over cells without creating them.
 *
 * <p>Cells from a block served in place from off-heap cache memory ({@link Block#isShared()})
 * are valid only while the scanner holds that block. It holds every shared block it has
 * returned cells from until {@link #shipped()} (the reader has copied or sent those cells) or
 * {@link #close()}, and the block under the cursor until it moves off it.
 */
public final class BlockFileScanner implements AutoCloseable {
  private BlockFileReader reader;
  private Block block;
  private CellDecoder decoder;
  private Cell current;
  /** Shared blocks left behind whose cells a reader may still hold, released at shipped(). */
  private final List<Block> retained = new ArrayList<>(2);
  /** Whether the cell {@link #next} returned last came from a shared block. */
  private boolean lastFromShared;

  private boolean cacheData;
  /** Where blocks not in the cache are read from, if not the reader's stream. */
  private DirectReader direct;

  BlockFileScanner(BlockFileReader reader, boolean cacheData, DirectReader direct) {
    this.reader = reader;
    this.cacheData = cacheData;
    this.direct = direct;
  }

  /**
   * Makes this closed scanner a new one over {@code reader} (another file, or the same): for
   * reuse by one thread at a time.
   */
  public void reset(BlockFileReader reader, boolean cacheData) {
    close();
    this.reader = reader;
    this.cacheData = cacheData;
    this.direct = null;
    this.lastFromShared = false;
  }

  public BlockFileReader reader() {
    return reader;
  }

  /** Positions at the first cell; false if the file is empty. */
  public boolean seekToFirst() throws IOException {
    if (reader.dataEnd() == 0) {
      leaveBlock();
      current = null;
      return false;
    }
    loadBlockAt(0);
    current = decode();
    return advanceIntoNextBlockIfNeeded();
  }

  /** Positions at the first cell at or after {@code key}; false if there is none. */
  public boolean seek(Cell key) throws IOException {
    BlockHandle h = reader.locateDataBlock(key);
    if (h == null) {
      leaveBlock();
      current = null;
      return false;
    }
    if (block == null || block.handle().offset() != h.offset()) {
      loadBlock(h);
    } else {
      restartBlock(); // the same block again: decode from its start, no new read
    }
    return skipTo(key);
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
    return skipTo(key);
  }

  /** From the decoder's position, passes over cells before {@code key}, across blocks. */
  private boolean skipTo(Cell key) throws IOException {
    while (block != null) {
      boolean found;
      try {
        found = decoder.skipBefore(key);
      } catch (IllegalArgumentException e) {
        throw reader.corrupt(e.getMessage() + " in data block at offset "
            + block.handle().offset());
      }
      if (found) {
        current = decode();
        return true;
      }
      long nextOffset = block.handle().offset() + block.handle().size();
      if (nextOffset >= reader.dataEnd()) {
        leaveBlock();
        current = null;
        return false;
      }
      loadBlockAt(nextOffset);
    }
    current = null;
    return false;
  }

  /** The cell at the cursor, or null when past the end. */
  public Cell peek() {
    return current;
  }

  /** Returns the cell at the cursor and moves past it; null when past the end. */
  public Cell next() throws IOException {
    Cell c = current;
    if (c != null) {
      lastFromShared = block.isShared();
      current = decode();
      advanceIntoNextBlockIfNeeded();
    }
    return c;
  }

  /** Whether the cell {@link #next} returned last lies in shared memory (held until shipped). */
  public boolean lastCellShared() {
    return lastFromShared;
  }

  /**
   * The reader is done with every cell returned so far (copied or sent them): shared blocks the
   * cursor has left go back to the cache. The block under the cursor stays.
   */
  public void shipped() {
    releaseRetained();
  }

  /** Releases every block the scanner holds; the scanner is unusable after (until reset). */
  @Override
  public void close() {
    leaveBlock();
    releaseRetained();
    current = null;
    reader = null; // a pooled scanner must not keep a closed file reachable
  }

  private void releaseRetained() {
    for (int i = 0; i < retained.size(); i++) {
      retained.get(i).release();
    }
    retained.clear();
  }

  private boolean advanceIntoNextBlockIfNeeded() throws IOException {
    while (current == null && block != null) {
      long nextOffset = block.handle().offset() + block.handle().size();
      if (nextOffset >= reader.dataEnd()) {
        leaveBlock();
        return false;
      }
      loadBlockAt(nextOffset);
      current = decode();
    }
    return current != null;
  }

  private void loadBlockAt(long offset) throws IOException {
    Block b = reader.readDataBlockAt(offset, cacheData, direct);
    leaveBlock();
    setBlock(b);
  }

  private void loadBlock(BlockHandle h) throws IOException {
    Block b = reader.readBlock(h, BlockType.DATA, cacheData, direct);
    leaveBlock();
    setBlock(b);
  }

  /** Moves off the current block: a shared one is kept until shipped, as cells may point in. */
  private void leaveBlock() {
    if (block != null && block.isShared()) {
      retained.add(block);
    }
    block = null;
    decoder = null;
  }

  private void restartBlock() throws IOException {
    Block b = block;
    block = null;
    setBlock(b);
  }

  private void setBlock(Block b) throws IOException {
    block = b;
    try {
      ByteBuffer data = b.isShared() ? b.buffer() : ByteBuffer.wrap(b.array());
      decoder = DataBlockCodecs.forId(b.encodingId())
          .newDecoder(data, b.offset(), b.offset() + b.length());
    } catch (IOException e) {
      throw reader.corrupt(e.getMessage() + " in block at offset " + b.handle().offset());
    }
    current = null;
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
