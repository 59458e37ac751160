package io.strata.common.filter;

import io.strata.common.cell.Cell;
import java.util.ArrayList;
import java.util.List;

/**
 * Combines filters. MUST_PASS_ALL keeps what every filter keeps; MUST_PASS_ONE keeps what any
 * filter keeps (a filter that dropped the row by its key takes no part in that row).
 */
public final class FilterList extends Filter {
  /** How the filters combine. */
  public enum Operator { MUST_PASS_ALL, MUST_PASS_ONE }

  final Operator operator;
  final List<Filter> filters;
  private boolean[] rowKeyDropped;
  private boolean[] includedLast;

  public FilterList(Operator operator, List<Filter> filters) {
    this.operator = operator;
    this.filters = new ArrayList<>(filters);
    this.rowKeyDropped = new boolean[filters.size()];
    this.includedLast = new boolean[filters.size()];
  }

  private static boolean includes(ReturnCode rc) {
    return rc == ReturnCode.INCLUDE || rc == ReturnCode.INCLUDE_AND_NEXT_COL;
  }

  /** How far a code skips: SKIP < NEXT_COL < SEEK_NEXT_USING_HINT < NEXT_ROW. */
  private static int reach(ReturnCode rc) {
    return switch (rc) {
      case INCLUDE, INCLUDE_AND_NEXT_COL -> 0;
      case SKIP -> 1;
      case NEXT_COL -> 2;
      case SEEK_NEXT_USING_HINT -> 3;
      case NEXT_ROW -> 4;
    };
  }

  @Override
  public void reset() {
    for (int i = 0; i < filters.size(); i++) {
      filters.get(i).reset();
      rowKeyDropped[i] = false;
    }
  }

  @Override
  public boolean filterRowKey(Cell first) {
    boolean any = false;
    boolean all = true;
    for (int i = 0; i < filters.size(); i++) {
      rowKeyDropped[i] = filters.get(i).filterRowKey(first);
      any |= rowKeyDropped[i];
      all &= rowKeyDropped[i];
    }
    return operator == Operator.MUST_PASS_ALL ? any : all && !filters.isEmpty();
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    if (operator == Operator.MUST_PASS_ALL) {
      ReturnCode result = ReturnCode.INCLUDE;
      for (int i = 0; i < filters.size(); i++) {
        ReturnCode rc = filters.get(i).filterCell(c);
        includedLast[i] = includes(rc);
        if (!includes(rc)) {
          if (reach(rc) > reach(result)) {
            result = rc == ReturnCode.SEEK_NEXT_USING_HINT ? ReturnCode.SKIP : rc;
          }
        } else if (rc == ReturnCode.INCLUDE_AND_NEXT_COL && result == ReturnCode.INCLUDE) {
          result = rc;
        }
      }
      return result;
    }
    ReturnCode weakestDrop = null;
    boolean anyInclude = false;
    boolean allIncludesNextCol = true;
    for (int i = 0; i < filters.size(); i++) {
      includedLast[i] = false;
      if (rowKeyDropped[i]) {
        continue;
      }
      ReturnCode rc = filters.get(i).filterCell(c);
      if (includes(rc)) {
        anyInclude = true;
        includedLast[i] = true;
        allIncludesNextCol &= rc == ReturnCode.INCLUDE_AND_NEXT_COL;
      } else if (weakestDrop == null || reach(rc) < reach(weakestDrop)) {
        weakestDrop = rc;
      }
    }
    if (anyInclude) {
      return allIncludesNextCol ? ReturnCode.INCLUDE_AND_NEXT_COL : ReturnCode.INCLUDE;
    }
    if (weakestDrop == null) {
      return ReturnCode.INCLUDE;
    }
    return weakestDrop == ReturnCode.SEEK_NEXT_USING_HINT ? ReturnCode.SKIP : weakestDrop;
  }

  @Override
  public Cell transformCell(Cell c) {
    Cell out = c;
    for (int i = 0; i < filters.size(); i++) {
      if (includedLast[i]) {
        out = filters.get(i).transformCell(out);
      }
    }
    return out;
  }

  @Override
  public boolean hasFilterRow() {
    return filters.stream().anyMatch(Filter::hasFilterRow);
  }

  @Override
  public void filterRowCells(List<Cell> cells) {
    for (int i = 0; i < filters.size(); i++) {
      if (!rowKeyDropped[i]) {
        filters.get(i).filterRowCells(cells);
      }
    }
  }

  @Override
  public boolean filterRow() {
    boolean any = false;
    boolean all = true;
    boolean considered = false;
    for (int i = 0; i < filters.size(); i++) {
      if (operator == Operator.MUST_PASS_ONE && rowKeyDropped[i]) {
        continue;
      }
      boolean drop = filters.get(i).filterRow();
      considered = true;
      any |= drop;
      all &= drop;
    }
    return operator == Operator.MUST_PASS_ALL ? any : considered && all;
  }

  @Override
  public boolean filterAllRemaining() {
    if (filters.isEmpty()) {
      return false;
    }
    boolean any = false;
    boolean all = true;
    for (Filter f : filters) {
      boolean done = f.filterAllRemaining();
      any |= done;
      all &= done;
    }
    return operator == Operator.MUST_PASS_ALL ? any : all;
  }
}
