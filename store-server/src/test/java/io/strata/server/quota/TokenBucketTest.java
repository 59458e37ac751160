package io.strata.server.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The bucket against a clock the test moves: continuous refill, waits, debts. */
class TokenBucketTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void aFullBucketHoldsOneSecondAndRefillsContinuously() {
    TokenBucket b = new TokenBucket(100, 0);
    for (int i = 0; i < 100; i++) {
      assertEquals(0, b.tryTake(1, 0), "request " + i);
    }
    assertEquals(SECOND / 100, b.tryTake(1, 0), "the next token comes in 10 ms");
    assertEquals(0, b.tryTake(1, SECOND / 100));
    assertEquals(50.0, b.available(SECOND / 100 + SECOND / 2), 1e-6, "half a second: 50");
    assertEquals(100.0, b.available(10 * SECOND), 1e-6, "never more than a second's worth");
  }

  @Test
  void overALongRunTheRateHoldsToTheLimit() {
    // Callers that retry exactly when told: over 60 simulated seconds they get the rate.
    TokenBucket b = new TokenBucket(500, 0);
    Random rnd = new Random(51);
    long now = 0;
    long granted = 0;
    while (now < 60 * SECOND) {
      long wait = b.tryTake(1, now);
      if (wait == 0) {
        granted++;
        now += rnd.nextInt(200_000); // the next request comes up to 0.2 ms later
      } else {
        now += wait;
      }
    }
    // A second's worth at the start, then exactly the rate.
    assertEquals(500 + 60 * 500, granted, 2);
  }

  @Test
  void aChargeAfterTheWorkIsADebtTheNextRequestsWaitFor() {
    TokenBucket b = new TokenBucket(1000, 0);
    b.charge(3000, 0); // a scanner call returned three seconds' worth of bytes
    assertEquals(-2000.0, b.available(0), 1e-6);
    assertEquals(2 * SECOND + SECOND / 1000, b.tryTake(1, 0));
    b.refund(500, 0);
    assertEquals(-1500.0, b.available(0), 1e-6);
    assertThrows(IllegalArgumentException.class, () -> new TokenBucket(0, 0));
  }

  @Test
  void callersRefusedTogetherAreToldTurnsATokenApart() {
    TokenBucket b = new TokenBucket(1000, 0);
    b.charge(1000, 0); // empty
    long token = SECOND / 1000;
    long[] waits = new long[4];
    for (int i = 0; i < 4; i++) {
      waits[i] = b.tryTake(1, 0);
      assertEquals((i + 1) * token, waits[i], "caller " + i);
    }
    for (int i = 0; i < 4; i++) { // each comes back at its turn and finds its token
      assertEquals(0, b.tryTake(1, waits[i]), "caller " + i);
    }
    // A turn is never promised further out than a full bucket's time past readiness.
    TokenBucket q = new TokenBucket(10, 0);
    q.charge(10, 0);
    for (int i = 0; i < 30; i++) {
      q.tryTake(1, 0);
    }
    assertEquals(SECOND + SECOND / 10, q.tryTake(1, 0));
  }
}
