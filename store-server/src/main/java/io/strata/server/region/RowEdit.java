package io.strata.server.region;

import io.strata.common.cell.Cell;
import io.strata.common.cell.Tag;
import io.strata.common.schema.Durability;
import java.util.List;
import java.util.Map;

/**
 * The cells one mutation writes to one row: puts and delete markers. A timestamp of
 * {@link io.strata.common.cell.CellLimits#LATEST_TIMESTAMP} means "now" (for a DELETE, the newest
 * existing version). Family-wide markers carry an empty qualifier.
 *
 * <p>{@code durability} is the mutation's own (USE_DEFAULT defers to the table); in a batch each
 * edit's is honoured: a SKIP_WAL edit stays out of the WAL entry its neighbours share.
 * {@code ttlMillis}, unless {@link Tag#NO_TTL}, is written as a TTL tag on each of its puts.
 * {@code attributes} are the client's operation attributes, carried for coprocessor observer
 * hooks (none exist yet); the write path ignores them.
 */
public record RowEdit(byte[] row, List<? extends Cell> cells, Durability durability,
    long ttlMillis, Map<String, byte[]> attributes) {
  public RowEdit {
    if (ttlMillis != Tag.NO_TTL && ttlMillis < 1) {
      throw new IllegalArgumentException("a cell TTL of " + ttlMillis + " ms: give at least 1");
    }
    attributes = attributes == null ? Map.of() : attributes;
  }

  public RowEdit(byte[] row, List<? extends Cell> cells) {
    this(row, cells, Durability.USE_DEFAULT);
  }

  public RowEdit(byte[] row, List<? extends Cell> cells, Durability durability) {
    this(row, cells, durability, Tag.NO_TTL, Map.of());
  }
}
