package io.strata.server.memstore;

import io.strata.common.cell.Cell;
import java.util.ArrayList;
import java.util.List;

/**
 * The in-memory part of one store: an active segment taking writes and, during a flush, the
 * snapshot being written to a block file.
 *
 * <pre>
 *   add() ---> [active] --snapshot()--> [snapshot] --flushed, clearSnapshot()--> released
 * </pre>
 *
 * Locking: the caller (the region) must not call {@link #add} concurrently with
 * {@link #snapshot()}: writers share the region's updates lock, snapshot takes it exclusively.
 * Reads need no lock: {@link #retainSegments()} pins the segments they iterate.
 */
public final class MemStore {
  private final ChunkPool pool;
  private volatile Segment active;
  private volatile Segment snapshot;

  public MemStore(ChunkPool pool) {
    this.pool = pool;
    this.active = new Segment(pool);
  }

  /** Adds a cell written by the edit with MVCC {@code writeNumber}; returns the stored cell. */
  public SequencedCell add(Cell c, long writeNumber, long walSequenceId) {
    Segment s = active;
    s.noteWalSequenceId(walSequenceId);
    return s.add(c, writeNumber);
  }

  /**
   * As {@link #add} for every cell of one edit, indexed in key order; the stored cells go to
   * {@code out}.
   */
  public void addAll(List<? extends Cell> cells, long writeNumber, long walSequenceId,
      SequencedCell[] out) {
    Segment s = active;
    s.noteWalSequenceId(walSequenceId);
    s.addAll(cells, writeNumber, out);
  }

  /**
   * Copies {@code c} into the active segment's MSLAB with {@code timestamp} and the encoded tags
   * given, for an {@link #addAll} of the same segment to index without copying it again. Only
   * under a lock that keeps the active segment from being swapped for a snapshot in between
   * (a region's updates lock), and only for cells nothing else keeps once the write returns.
   */
  public SequencedCell stage(Cell c, long timestamp, byte[] tags, int tagsOffset,
      int tagsLength) {
    return active.stage(c, timestamp, tags, tagsOffset, tagsLength);
  }

  /**
   * A write that staged cells in the active segment failed after handing them to the WAL, whose
   * queue may still hold them: the segment's chunks go to the garbage collector when it is
   * released, not back to the pool, so those cells' bytes never become another cell's.
   */
  public void keepActiveChunks() {
    active.neverRecycle();
  }

  /** Removes cells of an edit that failed before becoming visible. */
  public void rollback(List<SequencedCell> cells) {
    for (SequencedCell c : cells) {
      if (!active.remove(c)) {
        Segment s = snapshot;
        if (s != null) {
          s.remove(c);
        }
      }
    }
  }

  /**
   * Freezes the active segment for flushing and starts a new one. If the previous flush failed,
   * its snapshot is still here and is returned again, so it is retried before anything newer:
   * a failed flush loses nothing. Flushes of one store are serialised by the caller.
   */
  public synchronized Segment snapshot() {
    if (snapshot != null) {
      return snapshot;
    }
    Segment s = active;
    snapshot = s;
    active = new Segment(pool);
    return s;
  }

  /** The snapshot is durable in a block file: forget it. */
  public synchronized void clearSnapshot(Segment flushed) {
    if (snapshot != flushed) {
      throw new IllegalStateException("clearing a segment that is not the current snapshot");
    }
    snapshot = null;
    flushed.release();
  }

  /** Pins the current segments (snapshot first) for a reader; release each when done. */
  public List<Segment> retainSegments() {
    return retainSegments(new ArrayList<>(2));
  }

  /** As {@link #retainSegments()}, into {@code out} (cleared first). */
  public List<Segment> retainSegments(List<Segment> out) {
    while (true) {
      out.clear();
      Segment s = snapshot;
      Segment a = active;
      boolean ok = true;
      if (s != null) {
        ok = s.retain();
        if (ok) {
          out.add(s);
        }
      }
      if (ok && a.retain()) {
        out.add(a);
        return out;
      }
      out.forEach(Segment::release); // a flush swapped segments under us: try again
    }
  }

  public Segment snapshotSegment() {
    return snapshot;
  }

  /** The heap the active segment and the snapshot take (what the server-wide limit counts). */
  public long heapSize() {
    Segment snap = snapshot;
    return active.heapSize() + (snap == null ? 0 : snap.heapSize());
  }

  /** Bytes held by the active segment and any snapshot. */
  public long dataSize() {
    Segment s = snapshot;
    return active.dataSize() + (s == null ? 0 : s.dataSize());
  }

  public long activeDataSize() {
    return active.dataSize();
  }
}
