package io.strata.shell.pe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Random;

/**
 * The random numbers of one pe client thread: exactly {@link Random}'s sequence for a seed, so
 * rows and values are the same as before, without the atomic update {@code Random} makes on
 * every draw for threads that share it. A 1,000-byte value takes 126 draws; with the atomic
 * update they cost about 1 µs on this project's 2-core machine, a third as much without it,
 * time the tool spent instead of the cluster. Not for use by more than one thread.
 */
final class ClientRandom extends Random {
  private static final long MULTIPLIER = 0x5DEECE66DL;
  private static final long ADDEND = 0xBL;
  private static final long MASK = (1L << 48) - 1;
  /** Two steps of the generator at once: {@code s * M + A} applied twice. */
  static final long MULTIPLIER_2 = (MULTIPLIER * MULTIPLIER) & MASK;
  static final long ADDEND_2 = (MULTIPLIER * ADDEND + ADDEND) & MASK;

  /** 2^36 / 26 rounded up: {@code (u * DIV26) >>> 36} is {@code u / 26} for all u below 2^31. */
  static final long DIV26 = 2_643_056_798L;

  /** Eight bytes of a byte array as one long: a run is one store, not eight. */
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  /** Each capital letter eight times over, as a long: RUNS[0] is "AAAAAAAA". */
  private static final long[] RUNS = new long[26];

  static {
    for (int i = 0; i < RUNS.length; i++) {
      RUNS[i] = 0x0101010101010101L * ('A' + i);
    }
  }

  /** Set by Random's constructor through {@link #setSeed}, so no initializer may reset it. */
  private long seed;

  ClientRandom(long seed) {
    super(seed);
  }

  @Override
  public synchronized void setSeed(long seed) {
    // Random's own scrambling, and it forgets a cached nextGaussian the same way.
    this.seed = (seed ^ MULTIPLIER) & MASK;
    super.setSeed(seed);
  }

  @Override
  protected int next(int bits) {
    seed = (seed * MULTIPLIER + ADDEND) & MASK;
    return (int) (seed >>> (48 - bits));
  }

  /**
   * Fills {@code b} with the runs of {@link RowKeys#value}: for each run of 8 that ends before
   * the last 8 bytes, the draw {@code nextInt(26)} makes, as a capital letter, 8 times; returns
   * where the runs end. The draw is written out here, its division by 26 a multiplication:
   * pe's JVM compiles with C1 alone, which inlines neither Random's nextInt(bound) with its two
   * virtual calls nor a helper of this size into the loop, and does not turn a division by a
   * constant into a multiplication; a 1,000-byte value draws 126 times. Each run is written as
   * one long: under C1 its eight byte stores, each checked against the array's bounds, took a
   * third of the method's time (0.60 against 0.39 µs a value here).
   *
   * <p>Two runs are drawn at a time from two states a step apart, each advanced two steps at
   * once ({@link #MULTIPLIER_2}, {@link #ADDEND_2}): the two multiplications do not wait for
   * each other, where one chain of draws waits for every one before it. A draw Random would
   * reject (about one in 80 million) ends the pairs; the rest are drawn one at a time.
   */
  int fillRuns(byte[] b, int length) {
    long last = seed; // the state of the last draw made
    long next = (last * MULTIPLIER + ADDEND) & MASK; // the state of the next one
    int i = 0;
    for (long after = (next * MULTIPLIER + ADDEND) & MASK; i < length - 16; i += 16) {
      int u = (int) (next >>> 17); // next(31)
      int v = (int) (after >>> 17);
      int r = u - 26 * (int) ((u * DIV26) >>> 36);
      int q = v - 26 * (int) ((v * DIV26) >>> 36);
      if (u - r + 25 < 0 || v - q + 25 < 0) {
        break;
      }
      LONGS.set(b, i, RUNS[r]);
      LONGS.set(b, i + 8, RUNS[q]);
      last = after;
      next = (next * MULTIPLIER_2 + ADDEND_2) & MASK;
      after = (after * MULTIPLIER_2 + ADDEND_2) & MASK;
    }
    for (; i < length - 8; i += 8) {
      int u;
      int r;
      do { // Random's rejection of the last, partial run of values, as in nextInt(bound)
        u = (int) (next >>> 17);
        r = u - 26 * (int) ((u * DIV26) >>> 36);
        last = next;
        next = (next * MULTIPLIER + ADDEND) & MASK;
      } while (u - r + 25 < 0);
      LONGS.set(b, i, RUNS[r]);
    }
    seed = last;
    return i;
  }
}
