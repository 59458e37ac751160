package io.strata.common.filter;

import io.strata.common.cell.Cell;

/** Keeps the newest version of the first {@code limit} columns of each row. */
public final class ColumnCountGetFilter extends Filter {
  final int limit;
  private final ColumnTracking columns = new ColumnTracking();

  public ColumnCountGetFilter(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("ColumnCountGetFilter limit " + limit
          + " must not be negative");
    }
    this.limit = limit;
  }

  @Override
  public void reset() {
    columns.reset();
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return columns.columnNumber(c) > limit ? ReturnCode.NEXT_ROW
        : ReturnCode.INCLUDE_AND_NEXT_COL;
  }
}
