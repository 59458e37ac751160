package io.strata.server.compaction;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Caps the bytes per second compactions write, so they never starve reads and writes of disk.
 * Shared by all compaction threads of a server; thread-safe. Each caller says the rate it is
 * held to ({@link CompactionThroughput} decides it), so one compaction speeds up as its store
 * fills while the bytes of all stay booked on one line.
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

  public ThroughputLimiter() {
    this(SYSTEM);
  }

  ThroughputLimiter(Clock clock) {
    this.clock = clock;
  }

  /**
   * Waits until writing {@code bytes} more keeps within {@code bytesPerSecond}; 0 or less is
   * unlimited.
   */
  public void acquire(long bytes, long bytesPerSecond) {
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
