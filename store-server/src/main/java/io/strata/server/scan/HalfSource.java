package io.strata.server.scan;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.util.Bytes;
import java.io.IOException;

/**
 * One side of a source split at a row: the top half holds the rows at or after the split row,
 * the bottom half the rows before it. A daughter region reads its parent's block files this way
 * until a compaction rewrites them. Rows are never cut: the split is between rows.
 */
public final class HalfSource implements CellSource {
  private final CellSource inner;
  private final byte[] splitRow;
  private final boolean top;
  private final Cell splitKey;

  public HalfSource(CellSource inner, byte[] splitRow, boolean top) {
    this.inner = inner;
    this.splitRow = splitRow;
    this.top = top;
    this.splitKey = CellKeys.firstOnRow(splitRow);
  }

  @Override
  public Cell peek() {
    Cell c = inner.peek();
    // The top half starts at a seek to the split row, so only the bottom half runs off its end.
    return c == null || top || CellComparator.INSTANCE.compareRow(c, splitRow) < 0 ? c : null;
  }

  @Override
  public Cell next() throws IOException {
    Cell c = peek();
    if (c != null) {
      inner.next();
    }
    return c;
  }

  @Override
  public boolean seek(Cell key) throws IOException {
    if (top && CellComparator.INSTANCE.compare(key, splitKey) < 0) {
      key = splitKey;
    }
    return inner.seek(key) && peek() != null;
  }

  @Override
  public boolean reseek(Cell key) throws IOException {
    return inner.reseek(key) && peek() != null;
  }

  @Override
  public byte[] previousRow(byte[] row) throws IOException {
    if (top) {
      byte[] r = inner.previousRow(row);
      return r == null || Bytes.compare(r, splitRow) < 0 ? null : r;
    }
    boolean beyond = row == null || Bytes.compare(row, splitRow) > 0;
    return inner.previousRow(beyond ? splitRow : row);
  }

  @Override
  public boolean cellsStayValid() {
    return inner.cellsStayValid();
  }

  @Override
  public void shipped() {
    inner.shipped();
  }

  @Override
  public long rank() {
    return inner.rank();
  }

  @Override
  public void close() {
    inner.close();
  }
}
