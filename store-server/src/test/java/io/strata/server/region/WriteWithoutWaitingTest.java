package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.put;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Writes run through {@link Region#withoutWaiting}, as a network thread runs them: a write that
 * can have its row and the WAL at once runs to the end; one that would wait for a row lock or
 * for another writer's WAL sync throws before it has changed anything, and the same write done
 * normally afterwards applies once.
 */
class WriteWithoutWaitingTest {
  @TempDir
  java.nio.file.Path tmp;

  private final ExecutorService pool = Executors.newSingleThreadExecutor();
  private final CountDownLatch release = new CountDownLatch(1);

  @AfterEach
  void tearDown() {
    release.countDown();
    pool.shutdownNow();
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void tryPut(RegionFixture f, String row, String value) throws IOException {
    Region.withoutWaiting(() -> {
      f.mutate(row, put(row, CF1, "q", 5, value));
      return null;
    });
  }

  private static List<String> row(RegionFixture f, String row) throws IOException {
    return RegionFixture.render(f.region.get(Bytes.toBytes(row), ScanSpec.all()));
  }

  @Test
  void aWriteThatCanHaveItsRowAndTheWalRunsToTheEnd() throws Exception {
    try (RegionFixture f = new RegionFixture(tmp, 1)) {
      long syncs = f.wal.syncCount();
      tryPut(f, "a", "1");
      assertEquals(List.of("a:q@5=1"), row(f, "a"));
      assertEquals(syncs + 1, f.wal.syncCount());
      // Durable: a crash and a replay of the WAL bring it back.
      f.crash();
      f.restart();
      assertEquals(List.of("a:q@5=1"), row(f, "a"));
    }
  }

  @Test
  void aWriteOfALockedRowThrowsHavingChangedNothing() throws Exception {
    try (RegionFixture f = new RegionFixture(tmp, 1)) {
      CountDownLatch holding = new CountDownLatch(1);
      Future<?> holder = pool.submit(() -> f.region.underRowLock(Bytes.toBytes("b"),
          Durability.SYNC_WAL, now -> {
            holding.countDown();
            await(release);
            return List.of(put("b", CF1, "q", 5, "held"));
          }));
      holding.await();
      long nextSeq = f.wal.nextSequenceId();
      long memstore = f.region.memStoreSize();
      WriteWouldWaitException e = assertThrows(WriteWouldWaitException.class,
          () -> tryPut(f, "b", "2"));
      assertEquals("the write would wait for the lock of a row", e.getMessage());
      assertThrows(WriteWouldWaitException.class, () -> Region.withoutWaiting(
          () -> f.region.increment(Bytes.toBytes("b"),
              List.of(new ColumnDelta(CF1, Bytes.toBytes("n"), 1)), Durability.SYNC_WAL)));
      assertEquals(nextSeq, f.wal.nextSequenceId());
      assertEquals(memstore, f.region.memStoreSize());
      // Another row is free.
      tryPut(f, "c", "3");
      assertEquals(List.of("a:q@5=3"), row(f, "c"));
      release.countDown();
      holder.get();
      assertEquals(List.of("a:q@5=held"), row(f, "b"));
      // Done again where it may wait, the write applies once; nothing was left half-done.
      f.mutate("b", put("b", CF1, "q", 6, "2"));
      assertEquals(List.of("a:q@6=2", "a:q@5=held"), RegionFixture.render(f.region.get(
          Bytes.toBytes("b"), ScanSpec.all().withRaw(true).withMaxVersions(10))));
    }
  }

  @Test
  void aWriteWhileAnotherWriterSyncsTheWalThrowsHavingChangedNothing() throws Exception {
    try (RegionFixture f = new RegionFixture(tmp, 1)) {
      CountDownLatch inSync = new CountDownLatch(1);
      f.fs.duringSync = () -> {
        f.fs.duringSync = () -> { };
        inSync.countDown();
        await(release);
      };
      Future<?> syncing = pool.submit(() -> {
        f.mutate("d", put("d", CF1, "q", 5, "4"));
        return null;
      });
      inSync.await();
      long nextSeq = f.wal.nextSequenceId();
      long memstore = f.region.memStoreSize();
      assertEquals("the write would wait for the WAL", assertThrows(
          WriteWouldWaitException.class, () -> tryPut(f, "e", "5")).getMessage());
      assertEquals(nextSeq, f.wal.nextSequenceId());
      assertEquals(memstore, f.region.memStoreSize());
      assertEquals(List.of(), row(f, "e"));
      release.countDown();
      syncing.get();
      // The write number the refused write took is complete: later writes become visible.
      f.mutate("e", put("e", CF1, "q", 5, "5"));
      assertEquals(List.of("a:q@5=4"), row(f, "d"));
      assertEquals(List.of("a:q@5=5"), row(f, "e"));
    }
  }
}
