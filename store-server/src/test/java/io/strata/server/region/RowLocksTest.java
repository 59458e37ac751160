package io.strata.server.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.error.ServerBusyException;
import io.strata.common.util.Bytes;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class RowLocksTest {
  /**
   * Runs {@code work} on a new thread of its own: a lock's holder is a thread, and the common
   * pool may run a task on the thread that waits for it (JDK 25 did, which took a row lock the
   * test thread held as the same holder).
   */
  private static <T> CompletableFuture<T> onItsOwnThread(java.util.function.Supplier<T> work) {
    CompletableFuture<T> f = new CompletableFuture<>();
    new Thread(() -> {
      try {
        f.complete(work.get());
      } catch (Throwable t) {
        f.completeExceptionally(t);
      }
    }, "row-locker").start();
    return f;
  }

  private static CompletableFuture<Void> runOnItsOwnThread(Runnable work) {
    return onItsOwnThread(() -> {
      work.run();
      return null;
    });
  }

  @Test
  void aHeldRowMakesOthersWaitThenFailRetryably() throws Exception {
    RowLocks locks = new RowLocks("region-x", 100);
    RowLocks.Held held = locks.lock(Bytes.toBytes("r\u0000"));
    ServerBusyException e = onItsOwnThread(() -> assertThrows(
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
    CompletableFuture<Void> second = runOnItsOwnThread(() -> {
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

  /**
   * A row taken twice by one thread is released by the second close, not the first: until then
   * another thread waits; the holder's thread alone may release it.
   */
  @Test
  void aRowTakenTwiceIsReleasedByTheSecondClose() throws Exception {
    RowLocks locks = new RowLocks("region-x", 10_000);
    RowLocks.Held first = locks.lock(Bytes.toBytes("r"));
    RowLocks.Held again = locks.tryLock(Bytes.toBytes("r"));
    assertTrue(again != null, "the holder takes its row again without waiting");
    IllegalMonitorStateException stranger = onItsOwnThread(() -> assertThrows(
        IllegalMonitorStateException.class, first::close)).get();
    assertEquals("the lock of row 'r' is released by a thread that does not hold it",
        stranger.getMessage());
    CompletableFuture<Long> waiter = onItsOwnThread(() -> {
      try (RowLocks.Held h = locks.lock(Bytes.toBytes("r"))) {
        return System.nanoTime();
      } catch (Exception ex) {
        throw new RuntimeException(ex);
      }
    });
    again.close();
    assertEquals(1, locks.size(), "one close of two leaves the row held");
    assertEquals(null, onItsOwnThread(() -> locks.tryLock(Bytes.toBytes("r")))
        .get(), "another thread cannot take it");
    assertFalse(waiter.isDone(), "the waiter still waits");
    long released = System.nanoTime();
    first.close();
    assertTrue(waiter.get() >= released, "the waiter got the row after the second close");
    assertEquals(0, locks.size());
  }

  /** A round of work under row locks; may throw what the locks throw. */
  private interface Round {
    void run(java.util.Random rnd) throws Exception;
  }

  /**
   * Runs {@code rounds} rounds on each of {@code threads} threads, thread t drawing from
   * {@code new Random(t)}; a round that fails, or threads still running after a minute (a
   * deadlock), fail the test.
   */
  private static void onThreads(int threads, int rounds, Round round) throws Exception {
    java.util.List<CompletableFuture<Void>> all = new java.util.ArrayList<>();
    for (int t = 0; t < threads; t++) {
      java.util.Random rnd = new java.util.Random(t);
      all.add(CompletableFuture.runAsync(() -> {
        for (int i = 0; i < rounds; i++) {
          try {
            round.run(rnd);
          } catch (Exception e) {
            throw new RuntimeException(e);
          }
        }
      }, runnable -> new Thread(runnable, "row-locker").start()));
    }
    for (CompletableFuture<Void> f : all) {
      f.get(60, java.util.concurrent.TimeUnit.SECONDS);
    }
  }

  @Test
  void threadsLockingOverlappingRowsExcludeEachOther() throws Exception {
    RowLocks locks = new RowLocks("region-x", 30_000);
    int rows = 40;
    int[] counts = new int[rows]; // changed only under the row's lock, without atomics
    onThreads(6, 3_000, rnd -> {
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
      }
    });
    assertEquals(2 * 6 * 3_000, java.util.Arrays.stream(counts).sum(),
        "no update lost to two holders of one row");
    assertEquals(0, locks.size());
  }

  @Test
  void batchesOfRowsInAnyOrderNeitherDeadlockNorShareARow() throws Exception {
    RowLocks locks = new RowLocks("region-x", 30_000);
    int rows = 30;
    int[] counts = new int[rows]; // changed only under the row's lock, without atomics
    java.util.concurrent.atomic.AtomicLong expected = new java.util.concurrent.atomic.AtomicLong();
    onThreads(6, 2_000, rnd -> {
      // Up to five rows in random order, repeats included, as a batch of random puts.
      byte[][] batch = new byte[1 + rnd.nextInt(5)][];
      java.util.Set<Integer> distinct = new java.util.TreeSet<>();
      for (int k = 0; k < batch.length; k++) {
        int row = rnd.nextInt(rows);
        distinct.add(row);
        batch[k] = Bytes.toBytes(String.format("row-%03d", row));
      }
      java.util.List<RowLocks.Held> held = new java.util.ArrayList<>();
      try {
        assertTrue(locks.lockAll(batch, false, held));
        for (int w : distinct) {
          int v = counts[w];
          Thread.onSpinWait();
          counts[w] = v + 1;
        }
        expected.addAndGet(distinct.size());
      } finally {
        RowLocks.releaseAll(held);
      }
    });
    assertEquals(expected.get(), java.util.Arrays.stream(counts).asLongStream().sum(),
        "no update lost to two holders of one row");
    assertEquals(0, locks.size());
  }

  @Test
  void aBatchMeetingAHeldRowHoldsNothingWithoutWaitingAndWaitsOtherwise() throws Exception {
    RowLocks locks = new RowLocks("region-x", 30_000);
    byte[][] batch = {Bytes.toBytes("c"), Bytes.toBytes("b"), Bytes.toBytes("a"),
        Bytes.toBytes("c")};
    java.util.concurrent.CountDownLatch taken = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    CompletableFuture<Void> holder = CompletableFuture.runAsync(() -> {
      try (RowLocks.Held h = locks.lock(Bytes.toBytes("b"))) {
        taken.countDown();
        release.await();
      } catch (Exception e) {
        throw new RuntimeException(e);
      }
    }, runnable -> new Thread(runnable, "holder").start());
    taken.await();
    java.util.List<RowLocks.Held> held = new java.util.ArrayList<>();
    assertFalse(locks.lockAll(batch, true, held));
    assertEquals(0, held.size());
    assertEquals(1, locks.size(), "only the holder's row has an entry");
    CompletableFuture<Integer> waiting = new CompletableFuture<>(); // how many it held
    Thread waiter = new Thread(() -> {
      java.util.List<RowLocks.Held> mine = new java.util.ArrayList<>();
      try {
        assertTrue(locks.lockAll(batch, false, mine));
        waiting.complete(mine.size());
      } catch (Throwable e) {
        waiting.completeExceptionally(e);
      } finally {
        RowLocks.releaseAll(mine); // a lock is let go by the thread that took it
      }
    }, "waiter");
    waiter.start();
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (waiter.getState() != Thread.State.TIMED_WAITING) { // parked on the held row
      assertTrue(System.nanoTime() < deadline, "the batch never waited for the held row");
      Thread.onSpinWait();
    }
    assertFalse(waiting.isDone());
    release.countDown();
    assertEquals(3, waiting.get(30, java.util.concurrent.TimeUnit.SECONDS),
        "each row once, waited for in row order");
    holder.get();
    waiter.join();
    assertEquals(0, locks.size());
  }

  @Test
  void tryLockFailsOnAHeldRowAndLeavesNoEntry() throws Exception {
    RowLocks locks = new RowLocks("region-x", 100);
    RowLocks.Held held = locks.lock(Bytes.toBytes("r"));
    RowLocks.Held other = onItsOwnThread(() -> locks.tryLock(Bytes.toBytes("r")))
        .get();
    assertEquals(null, other);
    assertEquals(1, locks.size());
    held.close();
    assertEquals(0, locks.size());
  }

  /**
   * Rows in any order, with repeats, come out once each, by hash code and, for rows sharing one
   * ("Aa" and "BB", "AaAa", "AaBB", "BBAa" and "BBBB"), by their bytes: the same order whatever
   * order they came in.
   */
  @Test
  void rowsAreLockedInOneOrderEachOnce() {
    java.util.Comparator<byte[]> order = java.util.Comparator
        .comparingInt((byte[] r) -> java.util.Arrays.hashCode(r)).thenComparing(Bytes::compare);
    String[] colliding = {"Aa", "BB", "AaAa", "AaBB", "BBAa", "BBBB"};
    java.util.Random rand = new java.util.Random(9);
    for (int round = 0; round < 300; round++) {
      byte[][] rows = new byte[rand.nextInt(40)][];
      java.util.TreeSet<byte[]> model = new java.util.TreeSet<>(order);
      for (int i = 0; i < rows.length; i++) {
        String row = round % 3 == 2 ? colliding[rand.nextInt(colliding.length)]
            : "r" + rand.nextInt(round % 3 == 0 ? 10 : 1000);
        rows[i] = Bytes.toBytes(row);
        model.add(rows[i]);
      }
      java.util.List<String> locked = RowLocks.inLockOrder(rows).stream()
          .map(Bytes::toString).toList();
      assertEquals(model.stream().map(Bytes::toString).toList(), locked);
    }
    assertEquals(java.util.Arrays.hashCode(Bytes.toBytes("Aa")),
        java.util.Arrays.hashCode(Bytes.toBytes("BB")), "the colliding rows collide");
  }
}
