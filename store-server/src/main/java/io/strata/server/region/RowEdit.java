package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.schema.Durability;
import java.util.List;

/**
 * The cells one mutation writes to one row: puts and delete markers. A timestamp of
 * {@link io.strata.common.cell.CellLimits#LATEST_TIMESTAMP} means "now" (for a DELETE, the newest
 * existing version). Family-wide markers carry an empty qualifier.
 */
public record RowEdit(byte[] row, List<? extends Cell> cells, Durability durability) {
  public RowEdit(byte[] row, List<? extends Cell> cells) {
    this(row, cells, Durability.USE_DEFAULT);
  }
}
