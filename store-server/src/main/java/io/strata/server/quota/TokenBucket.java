package io.strata.server.quota;

/**
 * A throttle's allowance: tokens that refill continuously at the limit's rate, up to one
 * second's worth (HBase refills once per time unit, in steps, so a throttled user bursts at
 * each step and its measured rate overshoots the limit). A request takes its tokens when it
 * starts; one that finds too few is told how long until they are there. A charge found only
 * after the work (the bytes a scanner call returned) may drive the bucket below zero, and the
 * next requests wait for the debt.
 *
 * <p>Callers refused together are told different waits, each a token's time after the one
 * before: told the same wait, all of them would come back at once, one would get the token, and
 * the rest would be refused again, a round trip each for nothing. Thread-safe.
 */
final class TokenBucket {
  private final double perNano;
  private final double capacity;
  private final long capacityNanos;
  private double tokens;
  private long lastNanos;
  /** The earliest time the next refused caller may be told to come back. */
  private long nextSlotNanos;

  /** A full bucket for {@code perSecond} tokens a second, as of {@code nowNanos}. */
  TokenBucket(double perSecond, long nowNanos) {
    if (!(perSecond > 0)) {
      throw new IllegalArgumentException("a token bucket's rate must be above 0, got "
          + perSecond);
    }
    this.perNano = perSecond / 1e9;
    this.capacity = Math.max(1, perSecond);
    this.capacityNanos = (long) Math.ceil(capacity / perNano);
    this.tokens = capacity;
    this.lastNanos = nowNanos;
    this.nextSlotNanos = nowNanos;
  }

  /**
   * Takes {@code n} tokens if there are as many; returns 0 then, or else (taking nothing) the
   * nanoseconds until the caller's turn: when there will be as many, after the turns of the
   * callers refused before it (never more than a full bucket's time past that).
   */
  synchronized long tryTake(double n, long nowNanos) {
    refill(nowNanos);
    if (tokens >= n) {
      tokens -= n;
      return 0;
    }
    long ready = nowNanos + (long) Math.ceil((n - tokens) / perNano);
    long slot = Math.max(ready, Math.min(nextSlotNanos, ready + capacityNanos));
    nextSlotNanos = slot + (long) Math.ceil(n / perNano);
    return Math.max(1, slot - nowNanos);
  }

  /** Takes {@code n} tokens whether there are or not: a cost known only after the work. */
  synchronized void charge(double n, long nowNanos) {
    refill(nowNanos);
    tokens -= n;
  }

  /** Gives back {@code n} tokens taken for work that did not happen or cost less. */
  synchronized void refund(double n, long nowNanos) {
    refill(nowNanos);
    tokens = Math.min(capacity, tokens + n);
  }

  synchronized double available(long nowNanos) {
    refill(nowNanos);
    return tokens;
  }

  private void refill(long nowNanos) {
    long elapsed = nowNanos - lastNanos;
    if (elapsed > 0) {
      tokens = Math.min(capacity, tokens + elapsed * perNano);
      lastNanos = nowNanos;
    }
  }
}
