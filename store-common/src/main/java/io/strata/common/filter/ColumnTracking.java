package io.strata.common.filter;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;

/** Counts the distinct columns (family and qualifier) a filter has seen in the current row. */
final class ColumnTracking {
  private byte[] family;
  private byte[] qualifier;
  private int count;

  void reset() {
    family = null;
    qualifier = null;
    count = 0;
  }

  /** Counts {@code c}'s column if it is a new one; returns the column's 1-based number. */
  int columnNumber(Cell c) {
    boolean same = family != null
        && Bytes.equals(family, 0, family.length, c.getFamilyArray(), c.getFamilyOffset(),
            c.getFamilyLength())
        && Bytes.equals(qualifier, 0, qualifier.length, c.getQualifierArray(),
            c.getQualifierOffset(), c.getQualifierLength());
    if (!same) {
      family = Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
      qualifier = Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(),
          c.getQualifierLength());
      count++;
    }
    return count;
  }
}
