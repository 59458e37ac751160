package io.strata.common.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class SpinningTest {
  private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

  @BeforeEach
  @AfterEach
  void fresh() {
    Spinning.reset(true);
  }

  @Test
  void shortTurnsNeverCount() {
    long t = System.nanoTime();
    for (int i = 0; i < 10_000; i++) {
      assertFalse(Spinning.crowdedBy(t, t + Spinning.PREEMPTED_NANOS));
      t += Spinning.PREEMPTED_NANOS;
    }
    assertTrue(Spinning.allowed());
  }

  @Test
  void preemptedTimeWithinAWindowStopsSpinningForTheBackOff() {
    long t = System.nanoTime() + TimeUnit.SECONDS.toNanos(1); // a window of its own
    // 39 ms of preempted turns in 100 ms: a collection's pause, a compiler's burst.
    for (int i = 0; i < 13; i++) {
      assertFalse(Spinning.crowdedBy(t + i * 7 * MS, t + i * 7 * MS + 3 * MS), "turn " + i);
    }
    assertTrue(Spinning.allowed());
    // The next 3 ms turn within the window makes 42 ms: crowded.
    assertTrue(Spinning.crowdedBy(t + 95 * MS, t + 98 * MS));
    assertFalse(Spinning.allowed(), "spinning is off for the back-off");
    assertEquals(0, Spinning.idleTurn(0), "an idle turn says: sleep");
  }

  @Test
  void preemptedTimeInSeparateWindowsDoesNotAddUp() {
    long t = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    for (int w = 0; w < 20; w++) { // 30 ms in each of twenty windows 150 ms apart
      long start = t + w * 150 * MS;
      for (int i = 0; i < 10; i++) {
        assertFalse(Spinning.crowdedBy(start + i * 5 * MS, start + i * 5 * MS + 3 * MS));
      }
    }
    assertTrue(Spinning.allowed());
  }

  @Test
  void spinningStartsAgainAfterTheBackOff() {
    long crowdedAt = System.nanoTime() - Spinning.BACK_OFF_NANOS - 50 * MS;
    assertTrue(Spinning.crowdedBy(crowdedAt - Spinning.CROWDED_NANOS, crowdedAt));
    assertTrue(Spinning.allowed());
    assertNotEquals(0, Spinning.idleTurn(0));
  }

  /**
   * The real thing: twice as many threads that never yield as there are processors, beside a
   * spinner. The spinner's turns are preempted for most of every window, and spinning stops.
   */
  @Test
  void busyThreadsOnEveryProcessorStopSpinning() throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> busy = new ArrayList<>();
    for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
      Thread b = new Thread(() -> {
        long x = 1;
        while (!stop.get()) {
          x = x * 6364136223846793005L + 1;
        }
        if (x == 42) {
          System.out.println(x);
        }
      }, "busy-" + i);
      b.setDaemon(true);
      b.start();
      busy.add(b);
    }
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      long turn = 0;
      while (Spinning.allowed() && System.nanoTime() < deadline) {
        turn = Spinning.idleTurn(turn);
      }
      assertFalse(Spinning.allowed(), "60 s beside threads on every processor and still spinning");
    } finally {
      stop.set(true);
      for (Thread b : busy) {
        b.join();
      }
    }
  }
}
