package io.strata.server.scan;

import io.strata.common.cell.Cell;
import io.strata.server.memstore.Segment;
import io.strata.server.memstore.SequencedCell;
import java.util.Iterator;

/**
 * Cells of one memstore segment visible at a read point: cells written by edits with a higher
 * MVCC write number are skipped. Holds a reference on the segment until closed.
 */
public final class SegmentSource implements CellSource {
  private Segment segment;
  private long readPoint;
  private long rank;
  private Iterator<SequencedCell> it;
  private SequencedCell current;
  private boolean closed;

  /** The segment must already be retained; {@link #close()} releases it. */
  public SegmentSource(Segment segment, long readPoint, long rank) {
    this.segment = segment;
    this.readPoint = readPoint;
    this.rank = rank;
  }

  /** Makes this closed source a new one (the segment retained as for the constructor). */
  public void reset(Segment segment, long readPoint, long rank) {
    if (!closed) {
      throw new IllegalStateException("a segment source is reused before it was closed");
    }
    this.segment = segment;
    this.readPoint = readPoint;
    this.rank = rank;
    this.it = null;
    this.current = null;
    this.closed = false;
  }

  @Override
  public Cell peek() {
    return current;
  }

  @Override
  public Cell next() {
    SequencedCell c = current;
    advance();
    return c;
  }

  private void advance() {
    current = null;
    while (it.hasNext()) {
      SequencedCell c = it.next();
      if (c.writeNumber() <= readPoint) {
        current = c;
        return;
      }
    }
  }

  @Override
  public boolean seek(Cell key) {
    it = segment.iteratorFrom(key);
    advance();
    return current != null;
  }

  /** Steps a few cells first: a nearby target is cheaper to reach than a new search. */
  @Override
  public boolean reseek(Cell key) {
    for (int i = 0; i < 8 && current != null; i++) {
      if (io.strata.common.cell.CellComparator.INSTANCE.compare(current, key) >= 0) {
        return true;
      }
      advance();
    }
    if (current == null) {
      return false;
    }
    if (io.strata.common.cell.CellComparator.INSTANCE.compare(current, key) >= 0) {
      return true;
    }
    return seek(key);
  }

  @Override
  public byte[] previousRow(byte[] row) {
    Iterator<SequencedCell> down = segment.descendingIteratorBefore(
        row == null ? null : io.strata.common.cell.CellKeys.firstOnRow(row));
    while (down.hasNext()) {
      SequencedCell c = down.next();
      if (c.writeNumber() <= readPoint) {
        return io.strata.common.util.Bytes.copy(c.getRowArray(), c.getRowOffset(),
            c.getRowLength());
      }
    }
    return null;
  }

  @Override
  public long rank() {
    return rank;
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      segment.release();
      // A pooled source must not keep a flushed segment's cells reachable.
      segment = null;
      it = null;
      current = null;
    }
  }
}
