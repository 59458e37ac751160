package io.strata.common.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SpinWaitTest {
  /** The gate's own timing, not the machine's load, is tested here (SpinningTest has that). */
  @BeforeEach
  void spinRegardlessOfLoad() {
    Spinning.reset(false);
  }

  @AfterEach
  void judgeLoadAgain() {
    Spinning.reset(true);
  }

  @Test
  void seesWhatIsReadyAtOnceAndGivesUpAfterItsTime() {
    SpinWait w = new SpinWait(TimeUnit.MILLISECONDS.toNanos(2));
    assertTrue(w.poll(() -> true));
    AtomicInteger looks = new AtomicInteger();
    long start = System.nanoTime();
    assertFalse(w.poll(() -> looks.incrementAndGet() < 0));
    assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(2));
    assertTrue(looks.get() > 1, "it looked again while spinning");
    // A long spin: the third look must come within it even when this machine deschedules the
    // test between yields (2 ms was seen to pass after two looks under a parallel build).
    SpinWait patient = new SpinWait(TimeUnit.SECONDS.toNanos(30));
    AtomicInteger third = new AtomicInteger();
    assertTrue(patient.poll(() -> third.incrementAndGet() == 3),
        "it returns when ready turns true");
    assertEquals(3, third.get());
  }

  @Test
  void zeroSpinLooksOnceAndNeverPolls() {
    AtomicInteger looks = new AtomicInteger();
    assertFalse(new SpinWait(0).poll(() -> looks.incrementAndGet() < 0));
    assertEquals(1, looks.get());
  }

  @Test
  void onlyOneThreadPollsAtATime() throws Exception {
    SpinWait w = new SpinWait(TimeUnit.SECONDS.toNanos(30));
    AtomicBoolean go = new AtomicBoolean();
    CountDownLatch polling = new CountDownLatch(1);
    boolean[] first = new boolean[1];
    AtomicInteger firstLooks = new AtomicInteger();
    Thread t = new Thread(() -> first[0] = w.poll(() -> {
      if (firstLooks.incrementAndGet() == 2) {
        polling.countDown(); // the second look is made while holding the gate
      }
      return go.get();
    }));
    t.start();
    polling.await();
    AtomicInteger looks = new AtomicInteger();
    assertFalse(w.poll(() -> looks.incrementAndGet() < 0), "a second poller must sleep");
    assertEquals(1, looks.get());
    go.set(true);
    t.join();
    assertTrue(first[0]);
  }
}
