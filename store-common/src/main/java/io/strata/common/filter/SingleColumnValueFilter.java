package io.strata.common.filter;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;

/**
 * Keeps whole rows by the value of one column: a row passes when the column's (newest) value
 * satisfies {@code value <op> comparator value}; a row without the column passes unless
 * {@code filterIfMissing}. Every cell of a passing row is returned.
 */
public final class SingleColumnValueFilter extends Filter {
  final byte[] family;
  final byte[] qualifier;
  final CompareOperator op;
  final ByteArrayComparable comparator;
  final boolean filterIfMissing;
  final boolean latestVersionOnly;
  private boolean foundColumn;
  private boolean matchedColumn;
  private boolean failed;

  public SingleColumnValueFilter(byte[] family, byte[] qualifier, CompareOperator op,
      ByteArrayComparable comparator, boolean filterIfMissing, boolean latestVersionOnly) {
    this.family = family.clone();
    this.qualifier = qualifier.clone();
    this.op = op;
    this.comparator = comparator;
    this.filterIfMissing = filterIfMissing;
    this.latestVersionOnly = latestVersionOnly;
  }

  public SingleColumnValueFilter(byte[] family, byte[] qualifier, CompareOperator op,
      ByteArrayComparable comparator) {
    this(family, qualifier, op, comparator, false, true);
  }

  @Override
  public void reset() {
    foundColumn = false;
    matchedColumn = false;
    failed = false;
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    if (matchedColumn || !Bytes.equals(family, 0, family.length, c.getFamilyArray(),
        c.getFamilyOffset(), c.getFamilyLength()) || !Bytes.equals(qualifier, 0,
        qualifier.length, c.getQualifierArray(), c.getQualifierOffset(),
        c.getQualifierLength())) {
      return ReturnCode.INCLUDE;
    }
    if (foundColumn && latestVersionOnly) {
      return ReturnCode.INCLUDE;
    }
    foundColumn = true;
    if (CompareFilter.passes(op, comparator, c.getValueArray(), c.getValueOffset(),
        c.getValueLength())) {
      matchedColumn = true;
      failed = false;
    } else if (latestVersionOnly || !matchedColumn) {
      failed = true;
    }
    return ReturnCode.INCLUDE;
  }

  @Override
  public boolean hasFilterRow() {
    return true;
  }

  @Override
  public boolean filterRow() {
    return foundColumn ? failed && !matchedColumn : filterIfMissing;
  }
}
