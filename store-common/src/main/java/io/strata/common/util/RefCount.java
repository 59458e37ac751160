package io.strata.common.util;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A reference count that starts at one (the owner's reference) and, once it reaches zero, can
 * never be taken again: what lets a reader pin memory or a file that its owner may drop at any
 * moment. Thread-safe.
 */
public final class RefCount {
  private final AtomicInteger count = new AtomicInteger(1);

  /** Takes a reference; false if the count already reached zero (the thing is gone). */
  public boolean retain() {
    while (true) {
      int n = count.get();
      if (n == 0) {
        return false;
      }
      if (count.compareAndSet(n, n + 1)) {
        return true;
      }
    }
  }

  /**
   * Drops a reference; true when it was the last one, and the caller must now free the thing.
   * Releasing more often than retained is a bug and throws.
   */
  public boolean release() {
    int n = count.decrementAndGet();
    if (n < 0) {
      throw new IllegalStateException("released more often than retained");
    }
    return n == 0;
  }

  public int get() {
    return count.get();
  }
}
