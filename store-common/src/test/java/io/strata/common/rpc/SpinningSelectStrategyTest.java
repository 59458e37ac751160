package io.strata.common.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.channel.SelectStrategy;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SpinningSelectStrategyTest {
  private final AtomicInteger ready = new AtomicInteger();

  private int next(SpinningSelectStrategy s, boolean tasks) throws Exception {
    return s.calculateStrategy(ready::get, tasks);
  }

  @Test
  void pollsWhileRecentlyBusyThenSleeps() throws Exception {
    SpinningSelectStrategy s = new SpinningSelectStrategy(TimeUnit.MILLISECONDS.toNanos(50));
    ready.set(3);
    assertEquals(3, next(s, false), "ready sockets are handled at once");
    ready.set(0);
    assertEquals(0, next(s, false), "just after work: poll again instead of sleeping");
    long start = System.nanoTime();
    while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(60)) {
      Thread.onSpinWait();
    }
    assertEquals(SelectStrategy.SELECT, next(s, false), "idle for longer than the spin: sleep");
    assertEquals(0, next(s, false), "woken up: poll again for a while");
    assertEquals(0, next(s, true), "tasks waiting: never sleep");
  }

  @Test
  void zeroSpinSleepsWheneverNothingIsReady() throws Exception {
    SpinningSelectStrategy s = new SpinningSelectStrategy(0);
    assertEquals(SelectStrategy.SELECT, next(s, false));
    ready.set(1);
    assertEquals(1, next(s, false));
    ready.set(0);
    assertEquals(SelectStrategy.SELECT, next(s, false));
    assertEquals(0, next(s, true));
  }
}
