package io.strata.common.filter;

import io.strata.common.cell.Cell;
import java.util.List;

/**
 * A server-side filter, as HBase defines them. Filters are data (they cross the wire as
 * protobuf through {@link FilterCodec}) with the logic to apply on the server. For each row the
 * server calls {@link #reset()}, then {@link #filterRowKey}, then {@link #filterCell} for every
 * cell that survived versions, deletes and time range, then {@link #filterRowCells} and
 * {@link #filterRow}; {@link #filterAllRemaining} ends the scan. A filter instance belongs to
 * one scan and keeps state across rows.
 */
public abstract class Filter {
  /** What to do with a cell. */
  public enum ReturnCode {
    /** Keep the cell. */
    INCLUDE,
    /** Keep the cell and skip the rest of its column. */
    INCLUDE_AND_NEXT_COL,
    /** Drop the cell. */
    SKIP,
    /** Drop the cell and the rest of its column. */
    NEXT_COL,
    /** Drop the cell and the rest of the row. */
    NEXT_ROW,
    /** Drop the cell and continue at {@link #getNextCellHint}. */
    SEEK_NEXT_USING_HINT
  }

  /** Called before each row. */
  public void reset() {}

  /** True to drop the whole row by its key. */
  public boolean filterRowKey(Cell firstCell) {
    return false;
  }

  public ReturnCode filterCell(Cell c) {
    return ReturnCode.INCLUDE;
  }

  /** Replaces a kept cell (KeyOnlyFilter strips values). */
  public Cell transformCell(Cell c) {
    return c;
  }

  /** True if this filter decides on whole rows: the row is then never split into parts. */
  public boolean hasFilterRow() {
    return false;
  }

  /** May change the row's kept cells. */
  public void filterRowCells(List<Cell> cells) {}

  /** True to drop the row after all its cells were seen. */
  public boolean filterRow() {
    return false;
  }

  /** True once no later row can pass: the scan ends. */
  public boolean filterAllRemaining() {
    return false;
  }

  /** Where to seek after SEEK_NEXT_USING_HINT; null means the next cell. */
  public Cell getNextCellHint(Cell current) {
    return null;
  }
}
