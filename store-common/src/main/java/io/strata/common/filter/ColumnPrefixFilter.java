package io.strata.common.filter;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;

/** Keeps cells whose qualifier starts with the prefix. */
public final class ColumnPrefixFilter extends Filter {
  final byte[] prefix;

  public ColumnPrefixFilter(byte[] prefix) {
    this.prefix = prefix.clone();
  }

  static boolean qualifierStartsWith(Cell c, byte[] prefix) {
    return c.getQualifierLength() >= prefix.length && Bytes.equals(c.getQualifierArray(),
        c.getQualifierOffset(), prefix.length, prefix, 0, prefix.length);
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return qualifierStartsWith(c, prefix) ? ReturnCode.INCLUDE : ReturnCode.NEXT_COL;
  }
}
