package io.strata.common.filter;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;

/** Keeps cells whose qualifier lies in a range; an empty bound is open. */
public final class ColumnRangeFilter extends Filter {
  final byte[] min;
  final boolean minInclusive;
  final byte[] max;
  final boolean maxInclusive;

  public ColumnRangeFilter(byte[] min, boolean minInclusive, byte[] max, boolean maxInclusive) {
    this.min = min == null ? Bytes.EMPTY : min.clone();
    this.minInclusive = minInclusive;
    this.max = max == null ? Bytes.EMPTY : max.clone();
    this.maxInclusive = maxInclusive;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    if (min.length > 0) {
      int cmp = Bytes.compare(c.getQualifierArray(), c.getQualifierOffset(),
          c.getQualifierLength(), min, 0, min.length);
      if (cmp < 0 || (cmp == 0 && !minInclusive)) {
        return ReturnCode.NEXT_COL;
      }
    }
    if (max.length > 0) {
      int cmp = Bytes.compare(c.getQualifierArray(), c.getQualifierOffset(),
          c.getQualifierLength(), max, 0, max.length);
      if (cmp > 0 || (cmp == 0 && !maxInclusive)) {
        return ReturnCode.NEXT_COL;
      }
    }
    return ReturnCode.INCLUDE;
  }
}
