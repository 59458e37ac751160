package io.strata.client.internal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.error.NotServingRegionException;
import io.strata.common.error.ServerBusyException;
import io.strata.common.error.ServerErrorException;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** Pauses between retries: growing to 100 times the base, but only to 10 while a region moves. */
class RetryPolicyTest {
  private final RetryPolicy policy = new RetryPolicy(Duration.ofSeconds(60),
      Duration.ofSeconds(30), Duration.ofMillis(100), 35);

  private static void between(long low, long high, long actual) {
    assertTrue(actual >= low && actual <= high, actual + " is not in [" + low + ", " + high + "]");
  }

  @Test
  void busyServerBacksOffToOneHundredTimesThePause() {
    ServerBusyException busy = new ServerBusyException("rs1", "queue full");
    between(100, 120, policy.pauseMillis(1, busy));
    between(2_000, 2_400, policy.pauseMillis(6, busy));
    between(10_000, 12_000, policy.pauseMillis(20, busy));
  }

  @Test
  void movingRegionPausesAtMostTenTimesTheBase() {
    Exception[] moving = {
        new ServerErrorException("rs1:17020", new IOException("connection refused")),
        new NotServingRegionException("r1", "rs1:17020")};
    for (Exception e : moving) {
      between(100, 120, policy.pauseMillis(1, e));
      between(1_000, 1_200, policy.pauseMillis(6, e));
      between(1_000, 1_200, policy.pauseMillis(20, e));
    }
  }
}
