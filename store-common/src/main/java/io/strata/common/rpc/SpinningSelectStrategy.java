package io.strata.common.rpc;

import io.netty.channel.SelectStrategy;
import io.netty.channel.SelectStrategyFactory;
import io.netty.util.IntSupplier;
import io.strata.common.util.Spinning;

/**
 * An event loop's choice between polling and sleeping: after any work it keeps polling its
 * sockets without blocking for {@code spinNanos}, and only then sleeps in the kernel. On a
 * virtual machine a thread's wake-up can cost as much as 50 µs, more than a whole cached get;
 * a loop that is still polling when the next request or answer lands skips that wake-up.
 * Netty's default sleeps at once; {@code spinNanos} 0 is that behaviour.
 *
 * <p>Each turn also polls the shared-memory lanes of the loop's connections ({@link LoopWork}),
 * and the loop sleeps only once every lane has marked its reader waiting.
 *
 * <p>Spinning stops while the machine has no processor to spare ({@link Spinning}).
 *
 * <p>One instance per event loop: it remembers when its loop last found work.
 */
final class SpinningSelectStrategy implements SelectStrategy {
  private final long spinNanos;
  /** When the loop last had something to do, in nanoTime. */
  private long lastWork = System.nanoTime();
  /** The end of the loop's last idle turn ({@link Spinning}); 0 when it last had work. */
  private long turn;
  /** Whether the last answer was to sleep: the loop has just woken up for something. */
  private boolean slept;

  SpinningSelectStrategy(long spinNanos) {
    this.spinNanos = spinNanos;
  }

  static SelectStrategyFactory factory(long spinNanos) {
    return () -> new SpinningSelectStrategy(spinNanos);
  }

  @Override
  public int calculateStrategy(IntSupplier selectNow, boolean hasTasks) throws Exception {
    boolean woke = slept;
    if (woke) {
      LoopWork.awake();
      slept = false;
    }
    boolean lanes = LoopWork.poll();
    int ready = selectNow.get();
    long now = System.nanoTime(); // after the lanes' work, which is work too
    if (woke || hasTasks || ready > 0 || lanes) {
      lastWork = now;
      turn = 0;
      return ready;
    }
    // Yields between looks, so a thread with work runs here first (two cores may be all there
    // is), and sleeps at once on a machine with no processor to spare.
    if (now - lastWork < spinNanos && (turn = Spinning.idleTurn(turn)) != 0) {
      return 0; // nothing ready: run no tasks, poll again
    }
    turn = 0;
    if (!LoopWork.prepareToSleep()) { // a lane had bytes after all, or answers to move
      lastWork = now;
      return 0;
    }
    slept = true;
    return SelectStrategy.SELECT;
  }
}
