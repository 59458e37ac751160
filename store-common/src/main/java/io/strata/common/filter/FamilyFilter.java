package io.strata.common.filter;

import io.strata.common.cell.Cell;

/** Keeps cells whose family satisfies {@code family <op> value}. */
public final class FamilyFilter extends CompareFilter {
  public FamilyFilter(CompareOperator op, ByteArrayComparable comparator) {
    super(op, comparator);
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return passes(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength())
        ? ReturnCode.INCLUDE : ReturnCode.SKIP;
  }
}
