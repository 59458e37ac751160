package io.strata.server.quota;

/**
 * A throttle's allowance: tokens that refill continuously at the limit's rate, up to one
 * second's worth (HBase refills once per time unit, in steps, so a throttled user bursts at
 * each step and its measured rate overshoots the limit). A request takes its tokens when it
 * starts; one that finds too few is told how long until they are there. A charge found only
 * after the work (the bytes a scanner call returned) may drive the bucket below zero, and the
 * next requests wait for the debt. Thread-safe.
 */
final class TokenBucket {
  private final double perNano;
  private final double capacity;
  private double tokens;
  private long lastNanos;

  /** A full bucket for {@code perSecond} tokens a second, as of {@code nowNanos}. */
  TokenBucket(double perSecond, long nowNanos) {
    if (!(perSecond > 0)) {
      throw new IllegalArgumentException("a token bucket's rate must be above 0, got "
          + perSecond);
    }
    this.perNano = perSecond / 1e9;
    this.capacity = Math.max(1, perSecond);
    this.tokens = capacity;
    this.lastNanos = nowNanos;
  }

  /**
   * Takes {@code n} tokens if there are as many; returns 0 then, or else (taking nothing) the
   * nanoseconds until there will be.
   */
  synchronized long tryTake(double n, long nowNanos) {
    refill(nowNanos);
    if (tokens >= n) {
      tokens -= n;
      return 0;
    }
    return Math.max(1, (long) Math.ceil((n - tokens) / perNano));
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
