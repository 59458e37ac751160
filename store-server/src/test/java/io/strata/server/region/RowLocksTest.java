package io.strata.server.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.error.ServerBusyException;
import io.strata.common.util.Bytes;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class RowLocksTest {
  @Test
  void aHeldRowMakesOthersWaitThenFailRetryably() throws Exception {
    RowLocks locks = new RowLocks("region-x", 100);
    RowLocks.Held held = locks.lock(Bytes.toBytes("r\u0000"));
    ServerBusyException e = CompletableFuture.supplyAsync(() -> assertThrows(
        ServerBusyException.class, () -> locks.lock(Bytes.toBytes("r\u0000")))).get();
    assertEquals("server region-x is too busy: timed out after 100 ms waiting for the lock of "
        + "row 'r\\x00'; retry after backing off", e.getMessage());
    // Other rows are not blocked.
    locks.lock(Bytes.toBytes("other")).close();
    held.close();
    assertEquals(0, locks.size(), "released locks are dropped");
  }

  @Test
  void theLockIsHandedToTheNextWaiter() throws Exception {
    RowLocks locks = new RowLocks("region-x", 10_000);
    RowLocks.Held held = locks.lock(Bytes.toBytes("r"));
    CountDownLatch waiting = new CountDownLatch(1);
    CompletableFuture<Void> second = CompletableFuture.runAsync(() -> {
      waiting.countDown();
      try (RowLocks.Held h = locks.lock(Bytes.toBytes("r"))) {
        // got it
      } catch (Exception ex) {
        throw new RuntimeException(ex);
      }
    });
    waiting.await();
    held.close();
    second.get();
    assertEquals(0, locks.size());
  }
}
