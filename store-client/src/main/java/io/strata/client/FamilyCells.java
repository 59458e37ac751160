package io.strata.client;

import io.strata.common.cell.Cell;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * One family's cells in a {@link Mutation}, in the order added: read-only to whoever reads
 * {@link Mutation#getFamilyCellMap()} (AbstractList refuses changes), appended to by the
 * mutation alone. It replaces an ArrayList behind an unmodifiable wrapper, which cost a second
 * map entry and a wrapper for every family of every mutation.
 */
final class FamilyCells extends AbstractList<Cell> implements RandomAccess {
  private Cell[] cells = new Cell[1];
  private int size;

  void append(Cell c) {
    if (size == cells.length) {
      cells = Arrays.copyOf(cells, size * 2);
    }
    cells[size++] = c;
  }

  @Override
  public Cell get(int index) {
    Objects.checkIndex(index, size);
    return cells[index];
  }

  @Override
  public int size() {
    return size;
  }
}
