package io.strata.server.wal;

import com.lmax.disruptor.AlertException;
import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SequenceBarrier;
import com.lmax.disruptor.WaitStrategy;
import io.strata.common.util.Spinning;

/**
 * How the WAL writer waits for new edits: it polls, yielding between looks, for up to {@code
 * spinNanos} after its last work (an edit arriving meanwhile costs no wake-up), then sleeps on a
 * lock until a producer signals. It does not poll at all while the machine has no processor to
 * spare ({@link Spinning}): a spinning writer would then hold a processor its producers need.
 */
final class SpinThenBlockWaitStrategy implements WaitStrategy {
  private final long spinNanos;
  private final BlockingWaitStrategy blocking = new BlockingWaitStrategy();

  SpinThenBlockWaitStrategy(long spinNanos) {
    this.spinNanos = spinNanos;
  }

  @Override
  public long waitFor(long sequence, Sequence cursor, Sequence dependentSequence,
      SequenceBarrier barrier) throws AlertException, InterruptedException {
    long start = System.nanoTime();
    long turn = 0;
    do {
      long available = dependentSequence.get();
      if (available >= sequence) {
        return available;
      }
      barrier.checkAlert();
    } while ((turn = Spinning.idleTurn(turn)) != 0 && turn - start < spinNanos);
    return blocking.waitFor(sequence, cursor, dependentSequence, barrier);
  }

  @Override
  public void signalAllWhenBlocking() {
    blocking.signalAllWhenBlocking();
  }
}
