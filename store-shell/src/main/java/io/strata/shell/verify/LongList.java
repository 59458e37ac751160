package io.strata.shell.verify;

import java.util.Arrays;

/** A growing array of primitive longs: the verifier collects millions of keys, unboxed. */
final class LongList {
  private long[] values = new long[1024];
  private int size;

  void add(long v) {
    if (size == values.length) {
      if (values.length == Integer.MAX_VALUE - 8) {
        throw new IllegalStateException("more than " + size + " keys; a Java array holds no "
            + "more; verify a smaller table");
      }
      values = Arrays.copyOf(values,
          (int) Math.min(Integer.MAX_VALUE - 8L, Math.max(1024L, values.length * 2L)));
    }
    values[size++] = v;
  }

  int size() {
    return size;
  }

  /** The values added, in a new array exactly as long; the list is emptied to free memory. */
  long[] drain() {
    long[] out = Arrays.copyOf(values, size);
    values = new long[0];
    size = 0;
    return out;
  }
}
