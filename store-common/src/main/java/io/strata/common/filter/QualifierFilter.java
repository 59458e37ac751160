package io.strata.common.filter;

import io.strata.common.cell.Cell;

/** Keeps cells whose qualifier satisfies {@code qualifier <op> value}. */
public final class QualifierFilter extends CompareFilter {
  public QualifierFilter(CompareOperator op, ByteArrayComparable comparator) {
    super(op, comparator);
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return passes(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength())
        ? ReturnCode.INCLUDE : ReturnCode.SKIP;
  }
}
