package io.strata.server.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ThroughputLimiterTest {
  /** Time moves only when the limiter parks or the test says so. */
  private static final class FakeClock implements ThroughputLimiter.Clock {
    long now = 1_000_000_000L;
    final List<Long> parks = new ArrayList<>();

    @Override
    public long nanoTime() {
      return now;
    }

    @Override
    public void parkNanos(long nanos) {
      parks.add(nanos);
      now += nanos;
    }
  }

  @Test
  void keepsTheRateWithFewLongWaits() {
    FakeClock clock = new FakeClock();
    ThroughputLimiter limiter = new ThroughputLimiter(clock);
    long start = clock.now;
    for (int i = 0; i < 100_000; i++) {
      limiter.acquire(1_000, 100_000_000); // 10 µs each at 100 MB/s
    }
    // 100 MB booked at 100 MB/s, ending 1 s in: the writer went on at 990 ms, owing less than
    // the shortest wait.
    assertEquals(990_000_000L, clock.now - start);
    // One park per 10 ms of debt, not one per cell.
    assertEquals(99, clock.parks.size());
    for (long p : clock.parks) {
      assertTrue(p >= ThroughputLimiter.MIN_WAIT_NANOS, "a park of " + p + " ns");
    }
  }

  @Test
  void idleTimeIsNotSavedUpAndShortDebtsPassAtOnce() {
    FakeClock clock = new FakeClock();
    ThroughputLimiter limiter = new ThroughputLimiter(clock);
    long rate = 1_000_000; // 1 MB/s
    limiter.acquire(5_000, rate); // 5 ms booked
    limiter.acquire(5_000, rate); // starts 5 ms away: under the minimum, passes
    assertEquals(List.of(), clock.parks);
    limiter.acquire(1_000, rate); // starts 10 ms away: waits
    assertEquals(List.of(10_000_000L), clock.parks);
    clock.now += 5_000_000_000L; // idle 5 s
    limiter.acquire(20_000, rate); // nothing owed
    limiter.acquire(1_000, rate); // starts 20 ms after the idle end
    assertEquals(List.of(10_000_000L, 20_000_000L), clock.parks);
  }

  @Test
  void zeroMeansUnlimited() {
    FakeClock clock = new FakeClock();
    ThroughputLimiter limiter = new ThroughputLimiter(clock);
    for (int i = 0; i < 1_000; i++) {
      limiter.acquire(1 << 20, 0);
    }
    assertEquals(List.of(), clock.parks);
  }

  /** Bytes booked at one rate are owed at that rate when the next caller comes at another. */
  @Test
  void eachBookingTakesItsOwnCallersRate() {
    FakeClock clock = new FakeClock();
    ThroughputLimiter limiter = new ThroughputLimiter(clock);
    limiter.acquire(50_000, 1_000_000); // 50 ms at 1 MB/s
    limiter.acquire(1_000, 10_000_000); // starts 50 ms away; takes 0.1 ms
    assertEquals(List.of(50_000_000L), clock.parks);
    limiter.acquire(100_000, 10_000_000); // starts 0.1 ms away: passes, books 10 ms
    limiter.acquire(1, 10_000_000); // 10.1 ms away
    assertEquals(List.of(50_000_000L, 10_100_000L), clock.parks);
  }
}
