package io.strata.client;

/**
 * An action on one row: what {@link AsyncTable#batch} and {@link Table#batch} take (a
 * {@link Get}, a {@link Mutation}, a {@link RowMutations} or a {@link CheckAndMutate}), and, for
 * a mutation or row mutations, the action of a {@link CheckAndMutate}. Sealed so that code
 * taking a {@code Row} can handle every kind with a {@code switch} or {@code instanceof} chain
 * and know it is complete.
 *
 * <pre>{@code
 * Row action = checkAndMutate.getAction();
 * if (action instanceof RowMutations rm) { ... } else if (action instanceof Put p) { ... }
 * }</pre>
 */
public sealed interface Row permits Get, Mutation, RowMutations, CheckAndMutate {
  /** The row key; the array is shared, do not change it. */
  byte[] getRow();
}
