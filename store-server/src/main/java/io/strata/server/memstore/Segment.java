package io.strata.server.memstore;

import io.strata.common.cell.Cell;
import io.strata.common.cell.KeyValue;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One generation of a memstore: an index of cells ({@link CellTree}) whose bytes live in an
 * MSLAB.
 * Reference counted: the memstore holds one reference while the segment is active or being
 * flushed, and each reader holds one while it iterates; the MSLAB's chunks go back to the pool
 * only when the last reference is released, so a reader never sees a recycled chunk.
 */
public final class Segment {
  /** Numbers the segments of this server, each lab's stage mark a different one. */
  private static final AtomicLong SEGMENTS = new AtomicLong();

  private final CellTree cells = new CellTree();
  private final MemStoreLab lab;
  private final AtomicLong maxWalSequenceId = new AtomicLong(-1);
  private final io.strata.common.util.RefCount refs = new io.strata.common.util.RefCount();

  Segment(ChunkPool pool) {
    this.lab = new MemStoreLab(pool, SequencedCell.STAGED + SEGMENTS.incrementAndGet());
  }

  /**
   * Copies the cell in and indexes it under {@code writeNumber}. The same key twice in one edit
   * (same write number): the later cell replaces the earlier, which no reader has seen yet.
   */
  SequencedCell add(Cell c, long writeNumber) {
    SequencedCell sc = lab.copy(c, writeNumber);
    cells.insertOne(sc);
    return sc;
  }

  /**
   * As {@link #add} for each of {@code cells}, one edit's, storing the copies in {@code out} in
   * the order given; the copies are indexed in key order (equal keys in the order given, so the
   * later still replaces the earlier). A batch of random rows inserted in order walks the tree
   * near where the previous insert went, whose nodes are still in the processor's cache, and
   * copies each node on its way once.
   */
  void addAll(List<? extends Cell> cells, long writeNumber, SequencedCell[] out) {
    SequencedCell[] sorted = new SequencedCell[cells.size()];
    for (int i = 0; i < sorted.length; i++) {
      Cell c = cells.get(i);
      if (c instanceof SequencedCell staged && lab.isStagedHere(staged)) {
        staged.index(writeNumber);
        out[i] = staged;
      } else {
        out[i] = lab.copy(c, writeNumber);
      }
      sorted[i] = out[i];
    }
    BatchOrder.sort(sorted); // stable: equal keys stay in the order given
    this.cells.insert(sorted, 0, sorted.length);
  }

  /** {@link MemStoreLab#stage}: the cell copied in with a new timestamp and tags, not indexed. */
  SequencedCell stage(Cell c, long timestamp, byte[] tags, int tagsOffset, int tagsLength) {
    return lab.stage(c, timestamp, tags, tagsOffset, tagsLength);
  }

  /** {@link MemStoreLab#neverRecycle}. */
  void neverRecycle() {
    lab.neverRecycle();
  }

  /** Takes back a cell whose edit failed (it was never visible). */
  boolean remove(SequencedCell sc) {
    // Only this very cell: a later cell of the same edit with the same key replaced it, and
    // removing by key would take that one (counting the wrong length).
    return cells.remove(sc);
  }

  void noteWalSequenceId(long seqId) {
    maxWalSequenceId.accumulateAndGet(seqId, Math::max);
  }

  /** Highest WAL sequence id of the edits in this segment; -1 if none were logged. */
  public long maxWalSequenceId() {
    return maxWalSequenceId.get();
  }

  /** Encoded bytes of the cells held. */
  public long dataSize() {
    return cells.bytes();
  }

  /**
   * The heap the cells take beyond their bytes, a cell: its SequencedCell (80 bytes) and its
   * share of the index, by class histograms: about 46 bytes where rows arrive in order and fill
   * each leaf, about 66 where they arrive at random and leaves are two thirds full (a region
   * server holding 1,074,260 cells of itbll's random rows). Counted low, small cells filled the
   * heap before the memstore limit did.
   */
  public static final int CELL_HEAP_OVERHEAD = 150;

  /** The heap the segment takes: its cells' bytes and their objects and index. */
  public long heapSize() {
    return cells.bytes() + (long) cells.size() * CELL_HEAP_OVERHEAD;
  }

  public int cellCount() {
    return cells.size();
  }

  public boolean isEmpty() {
    return cells.size() == 0;
  }

  /**
   * Every cell in order (newest first among equal keys): every cell added before the iteration
   * began, and perhaps some added while it runs; read under a reference.
   */
  public Iterable<SequencedCell> cells() {
    return () -> cells.iterator(null);
  }

  /** The first cell, or null if there is none. */
  public SequencedCell first() {
    return cells.first();
  }

  /** Cells at or after {@code key}, in order. */
  public Iterator<SequencedCell> iteratorFrom(Cell key) {
    return cells.iterator(searchKey(key));
  }

  /** Cells before {@code key} (every cell if null), the highest first. */
  public Iterator<SequencedCell> descendingIteratorBefore(Cell key) {
    return cells.descendingIterator(key == null ? null : searchKey(key));
  }

  /** {@code key} at the highest write number: before every cell with its key. */
  private static SequencedCell searchKey(Cell key) {
    return new SequencedCell(KeyValue.copyOf(key), Long.MAX_VALUE);
  }

  /** Takes a reference for reading; false if the segment is already released. */
  public boolean retain() {
    return refs.retain();
  }

  /** Drops a reference; the last one returns the MSLAB chunks to the pool. */
  public void release() {
    if (refs.release()) {
      lab.release();
    }
  }

  int chunkCount() {
    return lab.chunkCount();
  }
}
