package io.strata.common.filter;

import io.strata.common.cell.Cell;

/** Keeps, in each row, the columns numbered {@code offset+1 .. offset+limit}. */
public final class ColumnPaginationFilter extends Filter {
  final int limit;
  final int offset;
  private final ColumnTracking columns = new ColumnTracking();

  public ColumnPaginationFilter(int limit, int offset) {
    if (limit < 0 || offset < 0) {
      throw new IllegalArgumentException("ColumnPaginationFilter limit (" + limit
          + ") and offset (" + offset + ") must not be negative");
    }
    this.limit = limit;
    this.offset = offset;
  }

  @Override
  public void reset() {
    columns.reset();
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    int n = columns.columnNumber(c);
    if (n <= offset) {
      return ReturnCode.NEXT_COL;
    }
    return n > offset + limit ? ReturnCode.NEXT_ROW : ReturnCode.INCLUDE_AND_NEXT_COL;
  }
}
