package io.strata.server.coprocessor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The puts and deletes a region writes as one, as HBase's MiniBatchOperationInProgress: each
 * by index, with its status. A pre hook fails one with {@link #setOperationStatus}: it is not
 * written, and its caller gets that error; the others are written.
 */
public final class MiniBatchOperationInProgress<T> {
  private final List<T> operations;
  private final List<IOException> failures;

  public MiniBatchOperationInProgress(List<T> operations) {
    this.operations = Collections.unmodifiableList(new ArrayList<>(operations));
    this.failures = new ArrayList<>(Collections.nCopies(operations.size(), null));
  }

  public int size() {
    return operations.size();
  }

  public T getOperation(int index) {
    return operations.get(index);
  }

  /** Fails operation {@code index} with {@code failure} (null: it succeeds again). */
  public void setOperationStatus(int index, IOException failure) {
    failures.set(index, failure);
  }

  /** The failure set for operation {@code index}, or null when it goes ahead. */
  public IOException getOperationStatus(int index) {
    return failures.get(index);
  }
}
