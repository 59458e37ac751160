package io.strata.client;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Puts and Deletes of one row applied atomically, in the order added: readers see all of them
 * or none.
 *
 * <pre>{@code
 * RowMutations rm = new RowMutations(row)
 *     .add(new Put(row).addColumn(cf, Bytes.toBytes("state"), Bytes.toBytes("done")))
 *     .add(new Delete(row).addColumns(cf, Bytes.toBytes("lease")));
 * table.mutateRow(rm);
 * }</pre>
 *
 * Increments and Appends are refused: they answer with values, which a RowMutations cannot
 * return. Not thread-safe.
 */
public final class RowMutations implements Row {
  private final byte[] row;
  private final List<Mutation> mutations = new ArrayList<>();

  public RowMutations(byte[] row) {
    this.row = Operations.checkRow(row, "RowMutations row");
  }

  /** Adds a Put or Delete of this row. */
  public RowMutations add(Mutation mutation) {
    if (mutation == null) {
      throw new IllegalArgumentException("mutation is null");
    }
    if (!(mutation instanceof Put || mutation instanceof Delete)) {
      throw new IllegalArgumentException("RowMutations takes Puts and Deletes only, not an "
          + mutation.getClass().getSimpleName() + "; send it on its own");
    }
    if (!Arrays.equals(mutation.getRow(), row)) {
      throw new IllegalArgumentException("the " + mutation.getClass().getSimpleName()
          + " row " + Operations.rowString(mutation.getRow()) + " differs from the "
          + "RowMutations row " + Operations.rowString(row)
          + "; RowMutations changes one row: use one RowMutations per row");
    }
    mutations.add(mutation);
    return this;
  }

  /** Adds each of {@code mutations} in order, as {@link #add(Mutation)}. */
  public RowMutations add(List<? extends Mutation> mutations) {
    for (Mutation m : mutations) {
      add(m);
    }
    return this;
  }

  /** The mutations in the order added; read-only. */
  public List<Mutation> getMutations() {
    return Collections.unmodifiableList(mutations);
  }

  @Override
  public byte[] getRow() {
    return row;
  }

  @Override
  public String toString() {
    return "RowMutations{row=" + Operations.rowString(row) + ", mutations=" + mutations + "}";
  }
}
