package io.strata.shell.verify;

import java.util.Arrays;

/**
 * What a scan of the linked-list table found, counted over node keys:
 *
 * <ul>
 *   <li>{@code referenced}: keys a row defines and some node points to (all of them, after a
 *       complete {@code itbll generate});
 *   <li>{@code unreferenced}: keys a row defines that no node points to (a list that was never
 *       closed, because a generator stopped early);
 *   <li>{@code undefined}: keys some node points to that no row defines: a node that was
 *       written, acknowledged, and then lost. {@code firstMissing} holds up to
 *       {@link #MAX_MISSING} of them.
 * </ul>
 *
 * <p>Keys are the 8-byte row keys read as longs. The arrays are sorted and merged rather than
 * put in hash sets: a set of boxed Longs costs some 60 bytes a node, too much for the tens of
 * millions a long run writes.
 */
record LinkCounts(long referenced, long unreferenced, long undefined, long[] firstMissing) {
  static final int MAX_MISSING = 10;

  /**
   * Counts over {@code defined} (the row keys) and {@code referenced} (every prev value, once
   * for each node holding it). A key counts once however often it occurs in either array.
   * Both arrays are sorted in place: the caller hands them over (copying millions of keys only
   * to keep the order would double the verifier's memory).
   */
  static LinkCounts count(long[] defined, long[] referenced) {
    Arrays.sort(defined);
    Arrays.sort(referenced);
    long both = 0;
    long onlyDefined = 0;
    long onlyReferenced = 0;
    long[] missing = new long[MAX_MISSING];
    int i = 0;
    int j = 0;
    while (i < defined.length || j < referenced.length) {
      int order = i == defined.length ? 1 : j == referenced.length ? -1
          : Long.compare(defined[i], referenced[j]);
      long key = order <= 0 ? defined[i] : referenced[j];
      if (order == 0) {
        both++;
      } else if (order < 0) {
        onlyDefined++;
      } else {
        if (onlyReferenced < MAX_MISSING) {
          missing[(int) onlyReferenced] = key;
        }
        onlyReferenced++;
      }
      i = skip(defined, i, key);
      j = skip(referenced, j, key);
    }
    return new LinkCounts(both, onlyDefined, onlyReferenced,
        Arrays.copyOf(missing, (int) Math.min(onlyReferenced, MAX_MISSING)));
  }

  /** The first index at or after {@code from} whose key is not {@code key}. */
  private static int skip(long[] sorted, int from, long key) {
    while (from < sorted.length && sorted[from] == key) {
      from++;
    }
    return from;
  }

  /** A key as its row key is shown: the 8 bytes in hex, big-endian. */
  static String hex(long key) {
    return String.format("%016x", key);
  }
}
