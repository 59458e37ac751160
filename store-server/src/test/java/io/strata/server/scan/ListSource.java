package io.strata.server.scan;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.util.Bytes;
import java.util.List;

/** A sorted list of cells as a source for tests: seeks step from the start, reseeks onward. */
final class ListSource implements CellSource {
  private final List<? extends Cell> cells;
  private final long rank;
  private final Cell lastKey;
  private int pos;

  ListSource(List<? extends Cell> cells, long rank) {
    this(cells, rank, null);
  }

  /** With a bound the merge may use ({@link CellSource#lastKey}): null for none. */
  ListSource(List<? extends Cell> cells, long rank, Cell lastKey) {
    this.cells = cells;
    this.rank = rank;
    this.lastKey = lastKey;
  }

  @Override
  public Cell lastKey() {
    return lastKey;
  }

  @Override
  public Cell peek() {
    return pos < cells.size() ? cells.get(pos) : null;
  }

  @Override
  public Cell next() {
    return pos < cells.size() ? cells.get(pos++) : null;
  }

  @Override
  public boolean seek(Cell key) {
    pos = 0;
    return reseek(key);
  }

  @Override
  public boolean reseek(Cell key) {
    while (pos < cells.size() && CellComparator.INSTANCE.compare(cells.get(pos), key) < 0) {
      pos++;
    }
    return pos < cells.size();
  }

  /** The greatest row before {@code row} (null: the last row), or null; the position stays. */
  @Override
  public byte[] previousRow(byte[] row) {
    byte[] best = null;
    for (Cell c : cells) {
      byte[] r = Bytes.copy(c.getRowArray(), c.getRowOffset(), c.getRowLength());
      if (row == null || Bytes.compare(r, row) < 0) {
        best = r; // cells ascend: the last one before the row wins
      }
    }
    return best;
  }

  @Override
  public boolean cellsStayValid() {
    return true;
  }

  @Override
  public long rank() {
    return rank;
  }

  @Override
  public void close() {}
}
