package io.strata.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.OutcomeUnknownException;
import io.strata.client.RetriesExhaustedException;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.NotServingRegionException;
import io.strata.common.error.TableNotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The client's one retry loop: what it retries, what it hands each attempt, when it stops. */
class RetryingCallerTest {
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
  private final RetryingCaller caller = new RetryingCaller(new RetryPolicy(Duration.ofSeconds(2),
      Duration.ofMillis(500), Duration.ofMillis(1), 35), timer);

  @AfterEach
  void stop() {
    timer.shutdownNow();
  }

  @Test
  void retryableErrorsAreRetriedAndEachAttemptSeesTheLastError() throws Exception {
    List<Throwable> seen = new ArrayList<>();
    NotServingRegionException moved = new NotServingRegionException("r", "s");
    String v = RetryingCaller.join(caller.call("op", (timeout, previous) -> {
      seen.add(previous);
      return seen.size() < 3 ? CompletableFuture.failedFuture(moved)
          : CompletableFuture.completedFuture("done");
    }));
    assertEquals("done", v);
    assertEquals(3, seen.size());
    assertEquals(null, seen.get(0));
    assertSame(moved, seen.get(1));
  }

  @Test
  void errorsRetryingCannotFixEndTheOperationAsThemselves() {
    AtomicInteger attempts = new AtomicInteger();
    TableNotFoundException missing = new TableNotFoundException("t");
    IOException e = assertThrows(IOException.class, () -> RetryingCaller.join(caller.call("op",
        (timeout, previous) -> {
          attempts.incrementAndGet();
          return CompletableFuture.failedFuture(missing);
        })));
    assertSame(missing, e);
    assertEquals(1, attempts.get());
  }

  @Test
  void anOperationWhoseOutcomeIsUnknownIsNeverRepeated() {
    AtomicInteger attempts = new AtomicInteger();
    IOException e = assertThrows(IOException.class, () -> RetryingCaller.join(caller.call(
        "increment", (timeout, previous) -> {
          attempts.incrementAndGet();
          return CompletableFuture.failedFuture(new OutcomeUnknownException("increment on "
              + "table 't' row 'r'", new CallTimeoutException("Mutate", "s", 500)));
        })));
    assertInstanceOf(OutcomeUnknownException.class, e);
    assertEquals(1, attempts.get(), "not retried");
    assertEquals("increment on table 't' row 'r' may or may not have been applied: call Mutate "
        + "to s timed out after 500 ms; retry, or raise the timeout if the server is overloaded; "
        + "read the row to find out before trying again", e.getMessage());
  }

  @Test
  void retriesStopAtTheOperationTimeoutWithTheLastError() {
    AtomicInteger attempts = new AtomicInteger();
    long start = System.nanoTime();
    RetriesExhaustedException e = assertThrows(RetriesExhaustedException.class,
        () -> RetryingCaller.join(caller.call("get on table 't' row 'r'", (timeout, previous) -> {
          attempts.incrementAndGet();
          assertTrue(timeout <= 500, "an attempt never waits longer than the rpc timeout");
          return CompletableFuture.failedFuture(new NotServingRegionException("r", "s"));
        })));
    assertTrue(e.getMessage().startsWith("get on table 't' row 'r' failed after "),
        e.getMessage());
    assertInstanceOf(NotServingRegionException.class, e.getCause());
    assertTrue(attempts.get() > 3, attempts + " attempts");
    assertTrue(System.nanoTime() - start >= Duration.ofMillis(100).toNanos());
  }
}
