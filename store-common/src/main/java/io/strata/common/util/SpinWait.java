package io.strata.common.util;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * Lets one thread at a time poll for something about to happen, for a bounded time, before it
 * sleeps. On a small virtual machine waking a sleeping thread can cost 50 µs, more than the work
 * (a cached get, a WAL flush to the OS) it waits for; a thread still polling when that work ends
 * skips the wake-up. Only one poller per gate, and it yields the processor between looks, so
 * the threads doing the work are never starved by the ones waiting for it; on a machine with no
 * processor to spare it does not poll at all ({@link Spinning}).
 */
public final class SpinWait {
  private final long spinNanos;
  private final AtomicBoolean polling = new AtomicBoolean();

  /** A gate whose poller looks for up to {@code spinNanos}; 0 never polls. */
  public SpinWait(long spinNanos) {
    this.spinNanos = spinNanos;
  }

  /**
   * Polls {@code ready} for up to the spin time, unless another thread is polling this gate
   * already. Returns whether {@code ready} was seen true (if not, the caller should sleep).
   */
  public boolean poll(BooleanSupplier ready) {
    if (ready.getAsBoolean()) {
      return true;
    }
    if (spinNanos <= 0 || polling.get() || !polling.compareAndSet(false, true)) {
      return false;
    }
    try {
      long start = System.nanoTime();
      long turn = 0;
      while ((turn = Spinning.idleTurn(turn)) != 0) {
        if (ready.getAsBoolean()) {
          return true;
        }
        if (turn - start >= spinNanos) {
          return false;
        }
      }
      return false; // the machine has no processor to spare for polling
    } finally {
      polling.set(false);
    }
  }
}
