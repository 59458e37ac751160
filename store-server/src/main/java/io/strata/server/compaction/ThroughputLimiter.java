package io.strata.server.compaction;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Caps the bytes per second compactions write, so they never starve reads and writes of disk.
 * Shared by all compaction threads of a server; thread-safe.
 *
 * <p>Bytes are booked one after another at the limit's rate, and a writer waits for the start
 * of its booking only once that is at least {@link #MIN_WAIT_NANOS} away: shorter waits pass and
 * add up until one is long enough. Compactions ask per cell, and 1 KB at 100 MB/s is 10 µs: a
 * park that short cost more CPU in the kernel than the compaction itself (a quarter of a busy
 * server's time on this project's virtual machines) and overslept by the timer's slack anyway.
 */
public final class ThroughputLimiter {
  /** The shortest wait worth a park; the rate over longer spans stays the limit. */
  static final long MIN_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

  private final long bytesPerSecond;
  private final Clock clock;
  private long nextFreeNanos; // @GuardedBy("this")

  /** The source of time and the way to wait, replaceable in tests. */
  interface Clock {
    long nanoTime();

    void parkNanos(long nanos);
  }

  private static final Clock SYSTEM = new Clock() {
    @Override
    public long nanoTime() {
      return System.nanoTime();
    }

    @Override
    public void parkNanos(long nanos) {
      LockSupport.parkNanos(nanos);
    }
  };

  /** {@code bytesPerSecond} of 0 or less means unlimited. */
  public ThroughputLimiter(long bytesPerSecond) {
    this(bytesPerSecond, SYSTEM);
  }

  ThroughputLimiter(long bytesPerSecond, Clock clock) {
    this.bytesPerSecond = bytesPerSecond;
    this.clock = clock;
  }

  /** Waits until writing {@code bytes} more keeps within the limit. */
  public void acquire(long bytes) {
    if (bytesPerSecond <= 0 || bytes <= 0) {
      return;
    }
    long waitUntil;
    long now;
    synchronized (this) {
      now = clock.nanoTime();
      long start = Math.max(now, nextFreeNanos);
      nextFreeNanos = start + bytes * 1_000_000_000L / bytesPerSecond;
      waitUntil = start;
    }
    if (waitUntil - now < MIN_WAIT_NANOS) {
      return;
    }
    long wait;
    while ((wait = waitUntil - clock.nanoTime()) > 0) {
      clock.parkNanos(wait);
    }
  }
}
