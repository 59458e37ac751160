package io.strata.shell.pe;

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
   * The same draw as {@code nextInt(bound)}, made without its two virtual calls: pe's JVM
   * compiles with C1 alone, which does not inline them, and a 1,000-byte value draws 126 times.
   */
  int nextBelow(int bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive, got " + bound);
    }
    int r = next(31); // bound to this final class, so C1 inlines it
    int m = bound - 1;
    if ((bound & m) == 0) {
      return (int) ((bound * (long) r) >> 31);
    }
    for (int u = r; u - (r = u % bound) + m < 0; u = next(31)) {
      // Random's rejection of the last, partial run of values, so no remainder is favoured.
    }
    return r;
  }
}
