package io.strata.common.filter;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Keeps, in each row, only cells whose timestamp equals that of a version of a reference
 * column (that passes the optional value test); the reference column itself is dropped when
 * {@code dropDependentColumn}.
 */
public final class DependentColumnFilter extends Filter {
  final byte[] family;
  final byte[] qualifier;
  final boolean dropDependentColumn;
  final CompareOperator op;
  final ByteArrayComparable comparator;
  private final Set<Long> stamps = new HashSet<>();

  public DependentColumnFilter(byte[] family, byte[] qualifier, boolean dropDependentColumn,
      CompareOperator op, ByteArrayComparable comparator) {
    this.family = family.clone();
    this.qualifier = qualifier.clone();
    this.dropDependentColumn = dropDependentColumn;
    this.op = op;
    this.comparator = comparator;
  }

  public DependentColumnFilter(byte[] family, byte[] qualifier) {
    this(family, qualifier, false, null, null);
  }

  @Override
  public void reset() {
    stamps.clear();
  }

  private boolean isReference(Cell c) {
    return Bytes.equals(family, 0, family.length, c.getFamilyArray(), c.getFamilyOffset(),
        c.getFamilyLength()) && Bytes.equals(qualifier, 0, qualifier.length,
        c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    if (!isReference(c)) {
      return ReturnCode.INCLUDE;
    }
    if (comparator != null && !CompareFilter.passes(op, comparator, c.getValueArray(),
        c.getValueOffset(), c.getValueLength())) {
      return ReturnCode.SKIP;
    }
    stamps.add(c.getTimestamp());
    return dropDependentColumn ? ReturnCode.SKIP : ReturnCode.INCLUDE;
  }

  @Override
  public boolean hasFilterRow() {
    return true;
  }

  @Override
  public void filterRowCells(List<Cell> cells) {
    cells.removeIf(c -> !stamps.contains(c.getTimestamp()));
  }
}
