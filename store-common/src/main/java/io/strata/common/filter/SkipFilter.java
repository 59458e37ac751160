package io.strata.common.filter;

import io.strata.common.cell.Cell;

/** Drops a whole row if the wrapped filter would drop any of its cells. */
public final class SkipFilter extends Filter {
  final Filter inner;
  private boolean skipRow;

  public SkipFilter(Filter inner) {
    this.inner = inner;
  }

  @Override
  public void reset() {
    inner.reset();
    skipRow = false;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    ReturnCode rc = inner.filterCell(c);
    skipRow |= rc != ReturnCode.INCLUDE && rc != ReturnCode.INCLUDE_AND_NEXT_COL;
    return ReturnCode.INCLUDE;
  }

  @Override
  public Cell transformCell(Cell c) {
    return inner.transformCell(c);
  }

  @Override
  public boolean hasFilterRow() {
    return true;
  }

  @Override
  public boolean filterRow() {
    return skipRow;
  }
}
