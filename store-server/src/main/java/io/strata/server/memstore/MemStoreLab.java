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
 * their own array. Allocation is synchronized: a short critical section next to the skip-list
 * insert that follows it.
 */
final class MemStoreLab {
  private final ChunkPool pool;
  private final List<byte[]> chunks = new ArrayList<>();
  private byte[] current;
  private int used;
  private boolean released;

  MemStoreLab(ChunkPool pool) {
    this.pool = pool;
  }

  /** Copies the cell into the lab and returns a view of the copy under {@code writeNumber}. */
  synchronized SequencedCell copy(Cell c, long writeNumber) {
    if (released) {
      throw new IllegalStateException("MSLAB used after its segment was released");
    }
    int size = CellKeys.cellLength(c);
    byte[] target;
    int offset;
    if (size > pool.chunkSize() / 4) {
      target = new byte[size];
      offset = 0;
    } else {
      if (current == null || used + size > current.length) {
        current = pool.take();
        chunks.add(current);
        used = 0;
      }
      target = current;
      offset = used;
      used += size;
    }
    write(c, target, offset, size);
    return new SequencedCell(target, offset, size, writeNumber);
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

  /** Gives every chunk back to the pool; the lab's cells must no longer be read. */
  synchronized void release() {
    if (!released) {
      released = true;
      chunks.forEach(pool::give);
      chunks.clear();
      current = null;
    }
  }

  synchronized int chunkCount() {
    return chunks.size();
  }
}
