package io.strata.common.filter;

import io.strata.common.cell.Cell;
import java.util.ArrayList;
import java.util.List;

/** Keeps cells whose qualifier starts with any of the prefixes. */
public final class MultipleColumnPrefixFilter extends Filter {
  final List<byte[]> prefixes = new ArrayList<>();

  public MultipleColumnPrefixFilter(List<byte[]> prefixes) {
    prefixes.forEach(p -> this.prefixes.add(p.clone()));
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    for (byte[] p : prefixes) {
      if (ColumnPrefixFilter.qualifierStartsWith(c, p)) {
        return ReturnCode.INCLUDE;
      }
    }
    return ReturnCode.NEXT_COL;
  }
}
