package io.strata.common.filter;

import io.strata.common.cell.Cell;

/** Keeps cells whose value satisfies {@code value <op> comparator value}. */
public final class ValueFilter extends CompareFilter {
  public ValueFilter(CompareOperator op, ByteArrayComparable comparator) {
    super(op, comparator);
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return passes(c.getValueArray(), c.getValueOffset(), c.getValueLength())
        ? ReturnCode.INCLUDE : ReturnCode.SKIP;
  }
}
