package io.strata.common.util;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts of what each key holds (connections of a client address, scanners of a connection),
 * each kept within a limit: a key's count goes up only while below it, and the key is forgotten
 * when its count falls to 0. Thread-safe; each key's changes are atomic.
 */
public final class BoundedCounts<K> {
  private final ConcurrentHashMap<K, Integer> counts = new ConcurrentHashMap<>();

  /** Counts one more for {@code key}; false, counting nothing, when it holds {@code max}. */
  public boolean take(K key, int max) {
    boolean[] taken = {false};
    counts.compute(key, (k, n) -> {
      int held = n == null ? 0 : n;
      if (held >= max) {
        return n;
      }
      taken[0] = true;
      return held + 1;
    });
    return taken[0];
  }

  /** Counts one less for {@code key}. */
  public void give(K key) {
    counts.computeIfPresent(key, (k, n) -> n <= 1 ? null : n - 1);
  }
}
