package io.strata.common.util;

import java.util.concurrent.TimeUnit;

/**
 * Whether the polling threads of this process may spin: only while the machine has a processor
 * to spare. A thread that polls for its next request or answer instead of sleeping skips a
 * wake-up, which on a small virtual machine costs as much as a cached get; but a spinner holds
 * its processor for a whole time slice whenever another thread wants it. With two busy programs
 * beside a standalone on two cores, a server's network thread and a client's caller that both
 * spun were each preempted in turn and every call waited for the scheduler's next tick: a single
 * client's gets fell from some 35,000/s to 300/s (p50 4 ms), where sleeping threads, woken by
 * their bytes, kept 6,000–8,000/s (docs/performance.md, "Spinning only on a spare processor").
 *
 * <p>The sign of a crowded machine is spin loops' idle turns taking long: a turn polls, finds
 * nothing and yields, which on a spare processor comes back within microseconds. A turn that
 * took more than {@link #PREEMPTED_NANOS} was preempted: another thread held the processor
 * meanwhile. Now and then that is no sign (a collection's pause, a compiler thread's burst);
 * what tells is the share of the time lost so: beside a standalone and a pe client with two busy
 * programs on two cores, preempted turns took 55–98 ms of every 100 ms, against at most 27 ms on
 * a quiet machine while a fresh server and client compiled their code. When this process's
 * spinners together lose {@link #CROWDED_NANOS} of a {@link #WINDOW_NANOS} window, every spinner
 * of the process sleeps instead for {@link #BACK_OFF_NANOS}, then spins again to look anew.
 *
 * <p>Spin loops go through here so that they all stop together:
 *
 * <pre>{@code
 * long turn = 0; // no idle turn yet
 * while (!ready()) {
 *   if (System.nanoTime() - start < spinNanos && (turn = Spinning.idleTurn(turn)) != 0) {
 *     continue; // polled, nothing yet, the processor was spare
 *   }
 *   sleepUntilWoken();
 *   turn = 0;
 * }
 * }</pre>
 *
 * <p>Thread-safe; the shared state is racy on purpose (a lost update only moves a back-off by a
 * turn), and a turn costs two clock reads and a yield.
 */
public final class Spinning {
  /** An idle turn that took longer than this was preempted: another thread held the processor. */
  static final long PREEMPTED_NANOS = TimeUnit.MICROSECONDS.toNanos(500);
  /** The window over which preempted turns' time is added up. */
  static final long WINDOW_NANOS = TimeUnit.MILLISECONDS.toNanos(100);
  /** Preempted time within a window that means the machine is crowded. */
  static final long CROWDED_NANOS = TimeUnit.MILLISECONDS.toNanos(40);
  /** How long spinning stays off once the machine was found crowded. */
  static final long BACK_OFF_NANOS = TimeUnit.SECONDS.toNanos(1);

  /** When spinning may start again (nanoTime); spinning is on once it has passed. */
  private static volatile long offUntil = System.nanoTime();
  /** When the current window started, and the preempted time added up in it. */
  private static volatile long windowStart = System.nanoTime();
  private static volatile long preemptedInWindow;

  /** Whether preempted turns are counted at all; off only in tests of the loops themselves. */
  private static volatile boolean judging = true;

  private Spinning() {}

  /** Whether spinning is on now: no crowding was found within the last back-off. */
  public static boolean allowed() {
    return allowed(System.nanoTime());
  }

  /**
   * One idle turn of a spin loop: yields the processor. {@code previousTurn} is what the loop's
   * previous idle turn returned, or 0 when work came between (the time since then was work, not
   * waiting). Returns when this turn ended (nanoTime, never 0): the loop may poll again; or 0
   * when spinning is off, or this turn found the machine crowded: the loop should sleep.
   */
  public static long idleTurn(long previousTurn) {
    long start = System.nanoTime();
    if (!allowed(start) || previousTurn != 0 && crowdedBy(previousTurn, start)) {
      return 0;
    }
    Thread.yield();
    long end = System.nanoTime();
    return crowdedBy(start, end) ? 0 : end | 1;
  }

  /**
   * Spinning on, nothing counted, a fresh process's state; and whether crowding is judged from
   * now on (tests of spin loops turn it off, so that a busy test machine does not end them).
   */
  static void reset(boolean judge) {
    judging = judge;
    long now = System.nanoTime();
    offUntil = now;
    windowStart = now;
    preemptedInWindow = 0;
  }

  private static boolean allowed(long now) {
    return now - offUntil >= 0;
  }

  /**
   * Adds the turn from {@code from} to {@code to} (nanoTime) to the window's preempted time if it
   * was preempted; returns whether that found the machine crowded (spinning is then off).
   */
  static boolean crowdedBy(long from, long to) {
    long took = to - from;
    if (took <= PREEMPTED_NANOS || !judging) {
      return false;
    }
    boolean sameWindow = to - windowStart <= WINDOW_NANOS;
    if (!sameWindow) {
      windowStart = from;
    }
    long lost = took + (sameWindow ? preemptedInWindow : 0);
    if (lost < CROWDED_NANOS) {
      preemptedInWindow = lost;
      return false;
    }
    offUntil = to + BACK_OFF_NANOS;
    windowStart = to;
    preemptedInWindow = 0;
    return true;
  }
}
