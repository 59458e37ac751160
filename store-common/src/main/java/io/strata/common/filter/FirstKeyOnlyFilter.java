package io.strata.common.filter;

import io.strata.common.cell.Cell;

/** Keeps only the first cell of each row (row counting). */
public final class FirstKeyOnlyFilter extends Filter {
  private boolean found;

  @Override
  public void reset() {
    found = false;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    if (found) {
      return ReturnCode.NEXT_ROW;
    }
    found = true;
    return ReturnCode.INCLUDE;
  }
}
