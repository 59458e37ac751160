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

  @Test
  void threadsLockingOverlappingRowsExcludeEachOther() throws Exception {
    RowLocks locks = new RowLocks("region-x", 30_000);
    int rows = 40;
    int[] counts = new int[rows]; // changed only under the row's lock, without atomics
    int threads = 6;
    int rounds = 3_000;
    java.util.List<CompletableFuture<Void>> all = new java.util.ArrayList<>();
    for (int t = 0; t < threads; t++) {
      java.util.Random rnd = new java.util.Random(t);
      all.add(CompletableFuture.runAsync(() -> {
        for (int i = 0; i < rounds; i++) {
          // Two distinct rows, taken in row order as a region's batch takes them.
          int a = rnd.nextInt(rows);
          int b = (a + 1 + rnd.nextInt(rows - 1)) % rows;
          int lo = Math.min(a, b);
          int hi = Math.max(a, b);
          try (RowLocks.Held x = locks.lock(Bytes.toBytes(String.format("row-%03d", lo)));
              RowLocks.Held y = locks.lock(Bytes.toBytes(String.format("row-%03d", hi)))) {
            int va = counts[lo];
            int vb = counts[hi];
            Thread.onSpinWait();
            counts[lo] = va + 1;
            counts[hi] = vb + 1;
          } catch (Exception e) {
            throw new RuntimeException(e);
          }
        }
      }, runnable -> new Thread(runnable, "row-locker").start()));
    }
    for (CompletableFuture<Void> f : all) {
      f.get();
    }
    int total = 0;
    for (int c : counts) {
      total += c;
    }
    assertEquals(2 * threads * rounds, total, "no update lost to two holders of one row");
    assertEquals(0, locks.size());
  }

  @Test
  void tryLockFailsOnAHeldRowAndLeavesNoEntry() throws Exception {
    RowLocks locks = new RowLocks("region-x", 100);
    RowLocks.Held held = locks.lock(Bytes.toBytes("r"));
    RowLocks.Held other = CompletableFuture.supplyAsync(() -> locks.tryLock(Bytes.toBytes("r")))
        .get();
    assertEquals(null, other);
    assertEquals(1, locks.size());
    held.close();
    assertEquals(0, locks.size());
  }

  /** Rows in any order, with repeats, come out sorted and once each; sorted ones as given. */
  @Test
  void rowsAreLockedInOrderEachOnce() {
    java.util.Random rand = new java.util.Random(9);
    for (int round = 0; round < 200; round++) {
      byte[][] rows = new byte[rand.nextInt(30)][];
      java.util.TreeSet<String> model = new java.util.TreeSet<>();
      for (int i = 0; i < rows.length; i++) {
        String row = "r" + rand.nextInt(round % 2 == 0 ? 10 : 1000);
        rows[i] = Bytes.toBytes(row);
        model.add(row);
      }
      java.util.List<String> locked = RowLocks.inLockOrder(rows).stream()
          .map(Bytes::toString).toList();
      assertEquals(java.util.List.copyOf(model), locked);
    }
    byte[][] sorted = {Bytes.toBytes("a"), Bytes.toBytes("b"), Bytes.toBytes("c")};
    java.util.List<byte[]> same = RowLocks.inLockOrder(sorted);
    for (int i = 0; i < sorted.length; i++) {
      org.junit.jupiter.api.Assertions.assertSame(sorted[i], same.get(i));
    }
  }
}
