package io.strata.server.scan;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Merges sorted sources into one sorted stream: a heap of sources ordered by their current
 * cell, and among equal cells by source rank, so the newest copy of a key comes first. The
 * source whose cell comes next is kept out of the heap ({@code current}): while it goes on
 * holding the smallest cell, as a file among files of other key ranges does, each cell costs
 * one comparison with the heap's top instead of a removal from the heap and an insertion; and
 * none at all when the source ends before the heap's top ({@link CellSource#lastKey}), as each
 * file of a table written in key order does before the next file and the memstore.
 */
public final class MergingScanner implements Closeable {
  private static final Comparator<CellSource> ORDER = (a, b) -> {
    int c = CellComparator.INSTANCE.compare(a.peek(), b.peek());
    return c != 0 ? c : Long.compare(a.rank(), b.rank());
  };

  private final List<CellSource> sources = new ArrayList<>();
  /** Every positioned source but {@link #current}. */
  private final PriorityQueue<CellSource> heap;
  /** The source holding the smallest cell, outside the heap; null when all are done. */
  private CellSource current;
  /**
   * Whether every cell left in {@link #current} comes before every cell in the heap, so none
   * needs comparing until current ends: the heap changes only when current does.
   */
  private boolean currentAhead;
  /** Whether the cell {@link #next} returned last stays valid without a copy. */
  private boolean lastStaysValid;

  public MergingScanner(List<CellSource> sources) {
    this.heap = new PriorityQueue<>(Math.max(1, sources.size()), ORDER);
    reset(sources);
  }

  /** Merges {@code sources} from now on (the previous ones must be closed): for reuse. */
  public void reset(List<CellSource> sources) {
    this.sources.clear();
    for (int i = 0; i < sources.size(); i++) { // not addAll: it copies the list into an array
      this.sources.add(sources.get(i));
    }
    heap.clear();
    setCurrent(null);
    lastStaysValid = false;
  }

  /** Positions every source at {@code key}. */
  public void seek(Cell key) throws IOException {
    heap.clear();
    current = null;
    for (CellSource s : sources) {
      if (s.seek(key)) {
        heap.add(s);
      }
    }
    setCurrent(heap.poll());
  }

  /**
   * Moves every source that is before {@code key} forward to it (the key must not be before
   * the current position), each choosing between stepping and seeking.
   */
  public void reseek(Cell key) throws IOException {
    if (current == null || CellComparator.INSTANCE.compare(current.peek(), key) >= 0) {
      return; // the smallest cell is at or after the key: so is every source
    }
    List<CellSource> behind = new ArrayList<>();
    behind.add(current);
    while (!heap.isEmpty() && CellComparator.INSTANCE.compare(heap.peek().peek(), key) < 0) {
      behind.add(heap.poll());
    }
    for (CellSource s : behind) {
      if (s.reseek(key)) {
        heap.add(s);
      }
    }
    setCurrent(heap.poll());
  }

  /** Makes {@code s} the current source and learns whether it ends before the heap's top. */
  private void setCurrent(CellSource s) {
    current = s;
    if (s == null) {
      currentAhead = false;
      return;
    }
    CellSource other = heap.peek();
    if (other == null) {
      currentAhead = true;
      return;
    }
    Cell last = s.lastKey();
    // Strictly before: at an equal key the ranks decide, which next() compares.
    currentAhead = last != null && CellComparator.INSTANCE.compare(last, other.peek()) < 0;
  }

  public Cell peek() {
    return current == null ? null : current.peek();
  }

  public Cell next() throws IOException {
    CellSource top = current;
    if (top == null) {
      return null;
    }
    Cell c = top.next();
    lastStaysValid = top.cellsStayValid();
    if (top.peek() == null) {
      setCurrent(heap.poll());
    } else if (!currentAhead) {
      CellSource other = heap.peek();
      if (other != null && ORDER.compare(top, other) > 0) {
        heap.add(top);
        setCurrent(heap.poll());
      }
    }
    return c;
  }

  /** Whether the cell {@link #next} returned last may be kept without a copy. */
  public boolean lastCellStaysValid() {
    return lastStaysValid;
  }

  /** Every source may let go of memory held for cells returned so far (see CellSource). */
  public void shipped() {
    for (int i = 0; i < sources.size(); i++) {
      sources.get(i).shipped();
    }
  }

  /** The greatest row of any source before {@code row} (null: the last row), or null. */
  public byte[] previousRow(byte[] row) throws IOException {
    byte[] best = null;
    for (CellSource s : sources) {
      byte[] r = s.previousRow(row);
      if (r != null && (best == null || io.strata.common.util.Bytes.compare(r, best) > 0)) {
        best = r;
      }
    }
    return best;
  }

  @Override
  public void close() {
    sources.forEach(CellSource::close);
    heap.clear();
    setCurrent(null);
  }
}
