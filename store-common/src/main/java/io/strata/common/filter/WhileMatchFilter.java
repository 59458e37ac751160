package io.strata.common.filter;

import io.strata.common.cell.Cell;
import java.util.List;

/** Passes rows while the wrapped filter passes everything; the first miss ends the scan. */
public final class WhileMatchFilter extends Filter {
  final Filter inner;
  private boolean done;

  public WhileMatchFilter(Filter inner) {
    this.inner = inner;
  }

  @Override
  public void reset() {
    inner.reset();
  }

  @Override
  public boolean filterRowKey(Cell first) {
    boolean drop = inner.filterRowKey(first);
    done |= drop;
    return drop;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    ReturnCode rc = inner.filterCell(c);
    done |= rc != ReturnCode.INCLUDE && rc != ReturnCode.INCLUDE_AND_NEXT_COL;
    return rc;
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
  public void filterRowCells(List<Cell> cells) {
    inner.filterRowCells(cells);
  }

  @Override
  public boolean filterRow() {
    done |= inner.filterRow();
    return done;
  }

  @Override
  public boolean filterAllRemaining() {
    return done || inner.filterAllRemaining();
  }
}
