package io.strata.common.filter;

import io.strata.common.cell.Cell;
import io.strata.common.util.Bytes;

/** Stops the scan after the given row, which is itself included. */
public final class InclusiveStopFilter extends Filter {
  final byte[] stopRow;
  private boolean done;

  public InclusiveStopFilter(byte[] stopRow) {
    this.stopRow = stopRow.clone();
  }

  @Override
  public boolean filterRowKey(Cell first) {
    done = Bytes.compare(first.getRowArray(), first.getRowOffset(), first.getRowLength(),
        stopRow, 0, stopRow.length) > 0;
    return done;
  }

  @Override
  public boolean filterAllRemaining() {
    return done;
  }
}
