package io.strata.client;

/**
 * An action on one row that can be sent as the action of a {@link CheckAndMutate}: a
 * {@link Mutation} or a {@link RowMutations}. Sealed so that code taking a {@code Row} can
 * handle every kind with a {@code switch} or {@code instanceof} chain and know it is complete.
 *
 * <pre>{@code
 * Row action = checkAndMutate.getAction();
 * if (action instanceof RowMutations rm) { ... } else if (action instanceof Put p) { ... }
 * }</pre>
 */
public sealed interface Row permits Mutation, RowMutations {
  /** The row key; the array is shared, do not change it. */
  byte[] getRow();
}
