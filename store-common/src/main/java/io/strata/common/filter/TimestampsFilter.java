package io.strata.common.filter;

import io.strata.common.cell.Cell;
import java.util.List;
import java.util.TreeSet;

/** Keeps cells whose timestamp is one of the given ones. */
public final class TimestampsFilter extends Filter {
  final TreeSet<Long> timestamps;

  public TimestampsFilter(List<Long> timestamps) {
    this.timestamps = new TreeSet<>(timestamps);
  }

  @Override
  public ReturnCode filterCell(Cell c) {
    return timestamps.contains(c.getTimestamp()) ? ReturnCode.INCLUDE : ReturnCode.SKIP;
  }
}
