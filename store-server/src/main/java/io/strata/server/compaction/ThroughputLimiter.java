package io.strata.server.compaction;

import java.util.concurrent.locks.LockSupport;

/**
 * Caps the bytes per second compactions write, so they never starve reads and writes of disk.
 * Shared by all compaction threads of a server; thread-safe.
 */
public final class ThroughputLimiter {
  private final long bytesPerSecond;
  private long nextFreeNanos; // @GuardedBy("this")

  /** {@code bytesPerSecond} of 0 or less means unlimited. */
  public ThroughputLimiter(long bytesPerSecond) {
    this.bytesPerSecond = bytesPerSecond;
  }

  /** Waits until writing {@code bytes} more keeps within the limit. */
  public void acquire(long bytes) {
    if (bytesPerSecond <= 0 || bytes <= 0) {
      return;
    }
    long waitUntil;
    synchronized (this) {
      long now = System.nanoTime();
      long start = Math.max(now, nextFreeNanos);
      nextFreeNanos = start + bytes * 1_000_000_000L / bytesPerSecond;
      waitUntil = start;
    }
    long wait;
    while ((wait = waitUntil - System.nanoTime()) > 0) {
      LockSupport.parkNanos(wait);
    }
  }
}
