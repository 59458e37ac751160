package io.strata.server.memstore;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.ByteOutput;
import java.util.ArrayList;
import java.util.List;

/**
 * Memstore-local allocation buffer: copies each cell into the current chunk from the pool, so a
 * segment's cells live in a few large arrays that are freed (returned to the pool) together. The
 * copy also detaches the memstore from the caller's arrays. Cells larger than a quarter chunk get
 * their own array. Allocation is synchronized: a short critical section next to the index
 * insert that follows it.
 */
final class MemStoreLab {
  private final ChunkPool pool;
  /** The write number of this lab's staged cells: negative, and no other lab's. */
  private final long stageMark;
  private final List<byte[]> chunks = new ArrayList<>();
  private byte[] current;
  private int used;
  private boolean released;
  // False once a write that staged cells here failed after handing them to the WAL.
  private boolean recycle = true;
  // Where reserve() made room, read by its caller under the same lock.
  private byte[] at;
  private int atOffset;

  MemStoreLab(ChunkPool pool, long stageMark) {
    if (stageMark >= 0) {
      throw new IllegalArgumentException("stage mark " + stageMark + " is not negative");
    }
    this.pool = pool;
    this.stageMark = stageMark;
  }

  /** Copies the cell into the lab and returns a view of the copy under {@code writeNumber}. */
  synchronized SequencedCell copy(Cell c, long writeNumber) {
    int size = CellKeys.cellLength(c);
    reserve(size);
    write(c, at, atOffset, size);
    return new SequencedCell(at, atOffset, size, writeNumber);
  }

  /**
   * Copies the cell into the lab with {@code timestamp} and the encoded tags given in place of
   * its own, and returns a view of the copy that is not yet in the segment: its write number is
   * the lab's stage mark ({@link #isStagedHere}). A write stamps its cells straight into the
   * memstore, and the segment then indexes the copies instead of copying them again.
   */
  synchronized SequencedCell stage(Cell c, long timestamp, byte[] tags, int tagsOffset,
      int tagsLength) {
    if (c instanceof KeyValue kv && tags == kv.getBuffer() && tagsOffset == kv.getTagsOffset()
        && tagsLength == kv.getTagsLength()) {
      // A request's cell keeping its own tags: copied whole, then its timestamp set. Field by
      // field it was five getters, the header's writes and three copies a cell.
      int size = kv.getLength();
      reserve(size);
      kv.copyInto(at, atOffset, timestamp);
      return new SequencedCell(at, atOffset, size, stageMark);
    }
    int size = KeyValue.encodedLength(c, tagsLength);
    reserve(size);
    KeyValue.encodeInto(at, atOffset, c, timestamp, tags, tagsOffset, tagsLength);
    return new SequencedCell(at, atOffset, size, stageMark);
  }

  /**
   * Whether {@code c} was staged in this lab and is not yet indexed: its write number is this
   * lab's mark. A number, where looking its array up among the chunks took the lab's lock.
   */
  boolean isStagedHere(SequencedCell c) {
    return c.writeNumber() == stageMark;
  }

  /** Room for {@code size} bytes: sets {@link #at} and {@link #atOffset}. Called locked. */
  private void reserve(int size) {
    if (released) {
      throw new IllegalStateException("MSLAB used after its segment was released");
    }
    if (size > pool.chunkSize() / 4) {
      at = new byte[size];
      atOffset = 0;
      return;
    }
    if (current == null || used + size > current.length) {
      current = pool.take();
      chunks.add(current);
      used = 0;
    }
    at = current;
    atOffset = used;
    used += size;
  }

  private static void write(Cell c, byte[] target, int offset, int size) {
    if (c instanceof KeyValue kv) {
      System.arraycopy(kv.getBuffer(), kv.getOffset(), target, offset, size);
      return;
    }
    ByteOutput out = new ByteOutput(size);
    CellKeys.writeCell(c, out);
    System.arraycopy(out.array(), 0, target, offset, size);
  }

  /**
   * Leaves the chunks to the garbage collector on release instead of giving them back to the
   * pool: something this lab cannot see may still read cells in them (a failed write's cells in
   * the WAL's queue), and a reused chunk would show it another cell's bytes.
   */
  synchronized void neverRecycle() {
    recycle = false;
  }

  /** Gives every chunk back to the pool; the lab's cells must no longer be read. */
  synchronized void release() {
    if (!released) {
      released = true;
      if (recycle) {
        chunks.forEach(pool::give);
      }
      chunks.clear();
      current = null;
    }
  }

  synchronized int chunkCount() {
    return chunks.size();
  }
}
