package io.strata.client;

import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;

/**
 * Appends bytes to the current values of columns of one row, atomically on the server (a
 * missing column is taken as empty). The answer holds the new values unless
 * {@link #setReturnResults} is false.
 *
 * <pre>{@code
 * table.append(new Append(Bytes.toBytes("log/today"))
 *     .addColumn(Bytes.toBytes("l"), Bytes.toBytes("lines"), Bytes.toBytes("started\n"))
 *     .setReturnResults(false));
 * }</pre>
 *
 * Each suffix travels as a PUT cell at the latest timestamp whose value is the suffix.
 */
public final class Append extends Mutation {
  private boolean returnResults = true;

  public Append(byte[] row) {
    super(row, CellLimits.LATEST_TIMESTAMP);
  }

  /** Appends {@code value} to the column; null is taken as empty. */
  public Append addColumn(byte[] family, byte[] qualifier, byte[] value) {
    Operations.checkFamily(family);
    addCell(family, KeyValue.of(getRow(), family, Operations.qualifier(qualifier),
        CellLimits.LATEST_TIMESTAMP, CellType.PUT, Operations.value(value)));
    return this;
  }

  /** False answers with no cells, saving the transfer when the new values are not needed. */
  public Append setReturnResults(boolean returnResults) {
    this.returnResults = returnResults;
    return this;
  }

  public boolean isReturnResults() {
    return returnResults;
  }

  @Override
  public Append setDurability(Durability durability) {
    super.setDurability(durability);
    return this;
  }

  @Override
  void appendDetails(StringBuilder sb) {
    sb.append(", returnResults=").append(returnResults);
  }
}
