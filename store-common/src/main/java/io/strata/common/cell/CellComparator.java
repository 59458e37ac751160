package io.strata.common.cell;

import io.strata.common.util.Bytes;
import java.util.Comparator;

/**
 * The one order of cells everywhere in Strata: row ascending, family ascending, qualifier
 * ascending (all as unsigned bytes), timestamp descending (newest first), then type code
 * descending, which puts deletes before puts at an equal timestamp. Value and tags do not take
 * part: two cells that differ only there compare equal.
 */
public final class CellComparator implements Comparator<Cell> {
  public static final CellComparator INSTANCE = new CellComparator();

  private CellComparator() {}

  @Override
  public int compare(Cell a, Cell b) {
    int c = compareRows(a, b);
    if (c != 0) {
      return c;
    }
    c = Bytes.compare(a.getFamilyArray(), a.getFamilyOffset(), a.getFamilyLength(),
        b.getFamilyArray(), b.getFamilyOffset(), b.getFamilyLength());
    if (c != 0) {
      return c;
    }
    c = Bytes.compare(a.getQualifierArray(), a.getQualifierOffset(), a.getQualifierLength(),
        b.getQualifierArray(), b.getQualifierOffset(), b.getQualifierLength());
    if (c != 0) {
      return c;
    }
    c = Long.compare(b.getTimestamp(), a.getTimestamp());
    if (c != 0) {
      return c;
    }
    return Integer.compare(b.getType().code(), a.getType().code());
  }

  public int compareRows(Cell a, Cell b) {
    return Bytes.compare(a.getRowArray(), a.getRowOffset(), a.getRowLength(),
        b.getRowArray(), b.getRowOffset(), b.getRowLength());
  }

  public int compareRow(Cell a, byte[] row) {
    return Bytes.compare(a.getRowArray(), a.getRowOffset(), a.getRowLength(), row, 0, row.length);
  }
}
