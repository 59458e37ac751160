package io.strata.common.filter;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;

/** Keeps rows inside any of several row ranges; ends the scan after the last range. */
public final class MultiRowRangeFilter extends Filter {
  /** A row range; an empty start or stop is open. */
  public record RowRange(byte[] start, boolean startInclusive, byte[] stop,
      boolean stopInclusive) {
    boolean contains(byte[] row, int off, int len) {
      if (start.length > 0) {
        int c = Bytes.compare(row, off, len, start, 0, start.length);
        if (c < 0 || (c == 0 && !startInclusive)) {
          return false;
        }
      }
      if (stop.length > 0) {
        int c = Bytes.compare(row, off, len, stop, 0, stop.length);
        return c < 0 || (c == 0 && stopInclusive);
      }
      return true;
    }
  }

  final List<RowRange> ranges;
  private boolean done;

  public MultiRowRangeFilter(List<RowRange> ranges) {
    this.ranges = new ArrayList<>(ranges);
  }

  @Override
  public boolean filterRowKey(Cell first) {
    boolean beyondAll = true;
    for (RowRange r : ranges) {
      if (r.contains(first.getRowArray(), first.getRowOffset(), first.getRowLength())) {
        return false;
      }
      if (r.stop().length == 0 || Bytes.compare(first.getRowArray(), first.getRowOffset(),
          first.getRowLength(), r.stop(), 0, r.stop().length) < 0) {
        beyondAll = false;
      }
    }
    done = beyondAll;
    return true;
  }

  @Override
  public boolean filterAllRemaining() {
    return done;
  }
}
