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

  @Test
  void maxAttemptsCountsTheFirstAndTheMessageListsEveryAttempt() {
    RetryingCaller three = new RetryingCaller(new RetryPolicy(Duration.ofSeconds(20),
        Duration.ofMillis(500), Duration.ofMillis(1), 35).withMaxAttempts(3), timer);
    AtomicInteger attempts = new AtomicInteger();
    RetriesExhaustedException e = assertThrows(RetriesExhaustedException.class,
        () -> RetryingCaller.join(three.call("get on table 't' row 'r'", (timeout, previous) -> {
          int n = attempts.incrementAndGet();
          return CompletableFuture.failedFuture(new NotServingRegionException("r" + n, "s"));
        })));
    assertEquals(3, attempts.get());
    assertEquals(3, e.attempts());
    String[] lines = e.getMessage().split("\n");
    assertEquals(4, lines.length, e.getMessage());
    assertTrue(lines[0].startsWith("get on table 't' row 'r' failed after 3 attempt(s) in "),
        lines[0]);
    for (int i = 1; i <= 3; i++) {
      assertTrue(lines[i].matches("  attempt " + i + " at \\+\\d+ ms: "
          + "NotServingRegionException: .*r" + i + ".*"), lines[i]);
      assertEquals(i, e.attemptList().get(i - 1).number());
    }
    assertTrue(e.attemptList().get(2).startedAfterMillis()
        >= e.attemptList().get(1).startedAfterMillis());
    assertThrows(IllegalArgumentException.class, () -> caller.policy().withMaxAttempts(0));
    assertThrows(IllegalArgumentException.class,
        () -> caller.policy().withOperationTimeout(Duration.ZERO));
    assertThrows(IllegalArgumentException.class, () -> caller.policy().withRpcTimeout(null));
  }

  @Test
  void aLongListOfAttemptsKeepsTheFirstAndTheLast() {
    List<RetriesExhaustedException.Attempt> list = new ArrayList<>();
    for (int i = 1; i <= 20; i++) {
      list.add(new RetriesExhaustedException.Attempt(i, i * 10L,
          new NotServingRegionException("r", "s")));
    }
    String[] lines = new RetriesExhaustedException("op", 200, list).getMessage().split("\n");
    assertEquals(1 + 3 + 1 + 5, lines.length);
    assertTrue(lines[3].startsWith("  attempt 3 at +30 ms"), lines[3]);
    assertEquals("  ... 12 more ...", lines[4]);
    assertTrue(lines[5].startsWith("  attempt 16 at +160 ms"), lines[5]);
    assertTrue(lines[9].startsWith("  attempt 20 at +200 ms"), lines[9]);
  }

  @Test
  void everyAdminMethodHasAnAsyncTwin() {
    java.util.Map<java.lang.reflect.Method, java.lang.reflect.Method> twins =
        AdminAdapter.check();
    // A method returning a channel (the master's coprocessorService()) waits for nothing.
    long abstractMethods = java.util.Arrays.stream(io.strata.client.Admin.class.getMethods())
        .filter(m -> !m.isDefault() && m.getDeclaringClass() == io.strata.client.Admin.class
            && m.getReturnType() != io.strata.client.coprocessor.CoprocessorRpcChannel.class)
        .count();
    assertEquals(abstractMethods, twins.size());
    twins.forEach((blocking, async) -> assertEquals(blocking.getParameterCount(),
        async.getParameterCount(), blocking.getName()));
  }
}
