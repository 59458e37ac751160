package io.strata.it.bench;

/**
 * A pseudo-random sequence for picking keys inside a measured operation: no allocation and no
 * state shared between threads (unlike {@code java.util.Random}'s atomic seed). One per thread.
 */
final class XorShift {
  private long x;

  /** Any seed; zero, which xorshift would never leave, is replaced. */
  XorShift(long seed) {
    x = seed == 0 ? 0x9E3779B97F4A7C15L : seed;
  }

  /** The next value, from 0 to Long.MAX_VALUE. */
  long next() {
    x ^= x << 13;
    x ^= x >>> 7;
    x ^= x << 17;
    return x >>> 1;
  }

  /** The next value from 0 (inclusive) to {@code bound} (exclusive). */
  int next(int bound) {
    return (int) (next() % bound);
  }
}
