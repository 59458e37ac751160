package io.strata.common.filter;

import io.strata.common.cell.Cell;

/** Keeps rows whose key satisfies {@code row <op> value}. */
public final class RowFilter extends CompareFilter {
  public RowFilter(CompareOperator op, ByteArrayComparable comparator) {
    super(op, comparator);
  }

  @Override
  public boolean filterRowKey(Cell first) {
    return !passes(first.getRowArray(), first.getRowOffset(), first.getRowLength());
  }
}
