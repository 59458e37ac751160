package io.strata.client.internal;

import static io.strata.client.internal.RegionCacheTest.S1;
import static io.strata.client.internal.RegionCacheTest.S2;
import static io.strata.client.internal.RegionCacheTest.T;
import static io.strata.client.internal.RegionCacheTest.at;
import static io.strata.client.internal.RegionCacheTest.region;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.RegionLocation;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.RegionInTransitionException;
import io.strata.common.schema.MetaLayout;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Collapsed meta lookups of one table, over a meta the test answers by hand. */
class TableLocationsTest {
  private static final long TIMEOUT = 30_000;

  /** Meta reads as they were asked for; the test completes them. */
  private static final class HandMeta implements TableLocations.MetaReader {
    record Read(TableLocations.Lookup lookup, RegionCache cache,
        CompletableFuture<CompletableFuture<RegionLocation>> result) {}

    final List<Read> reads = Collections.synchronizedList(new ArrayList<>());

    @Override
    public CompletableFuture<CompletableFuture<RegionLocation>> read(
        TableLocations.Lookup lookup, RegionCache cache) {
      Read r = new Read(lookup, cache, new CompletableFuture<>());
      reads.add(r);
      return r.result;
    }

    /**
     * Read {@code i} found these open regions (prefetch included) and answers its lookup with
     * the one it wanted, or with a region in transition.
     */
    void answer(int i, RegionLocation... open) {
      Read r = reads.get(i);
      for (RegionLocation l : open) {
        r.cache.add(l);
      }
      for (RegionLocation l : open) {
        if (r.lookup.wanted().test(l.region())) {
          r.result.complete(CompletableFuture.completedFuture(l));
          return;
        }
      }
      r.result.complete(CompletableFuture.failedFuture(
          new RegionInTransitionException(r.lookup.what(), "opening")));
    }

    byte[] key(int i) {
      return reads.get(i).lookup.searchKey();
    }
  }

  private final HandMeta meta = new HandMeta();
  private final ScheduledThreadPoolExecutor timer = timer();
  private final TableLocations table = new TableLocations(meta, timer);
  private final ExecutorService pool = Executors.newFixedThreadPool(8);

  /** As the connection's: cancelled timeouts leave its queue at once. */
  static ScheduledThreadPoolExecutor timer() {
    ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1);
    t.setRemoveOnCancelPolicy(true);
    return t;
  }

  @AfterEach
  void stop() {
    pool.shutdownNow();
    timer.shutdownNow();
  }

  private static TableLocations.Lookup holding(String row, boolean reload, long timeoutMillis) {
    byte[] r = Bytes.toBytes(row);
    return new TableLocations.Lookup(MetaLayout.regionSearchKey(T, r), c -> c.find(r),
        info -> info.containsRow(r), "of table 't' holding row '" + row + "'", reload,
        timeoutMillis);
  }

  private CompletableFuture<RegionLocation> lookup(String row) {
    return table.lookup(holding(row, false, TIMEOUT));
  }

  private static RegionLocation get(CompletableFuture<RegionLocation> f) throws Exception {
    return f.get(30, TimeUnit.SECONDS);
  }

  @Test
  void aThousandConcurrentMissesOnAOneRegionTableMakeOneRead() throws Exception {
    CountDownLatch go = new CountDownLatch(1);
    List<Future<List<CompletableFuture<RegionLocation>>>> threads = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      int first = t * 125;
      threads.add(pool.submit(() -> {
        go.await();
        List<CompletableFuture<RegionLocation>> mine = new ArrayList<>();
        for (int i = first; i < first + 125; i++) {
          mine.add(lookup(String.format("row%04d", i)));
        }
        return mine;
      }));
    }
    go.countDown();
    List<CompletableFuture<RegionLocation>> all = new ArrayList<>();
    for (Future<List<CompletableFuture<RegionLocation>>> t : threads) {
      all.addAll(t.get(30, TimeUnit.SECONDS));
    }
    assertEquals(1000, all.size());
    assertEquals(1, meta.reads.size(), "one read; the 999 others wait for it");
    RegionLocation whole = at(region("", "", 1), S1);
    meta.answer(0, whole);
    for (CompletableFuture<RegionLocation> f : all) {
      assertEquals(whole, get(f));
    }
    assertEquals(1, meta.reads.size());
  }

  @Test
  void prefetchedRegionsAnswerLaterMissesWithoutARead() throws Exception {
    CompletableFuture<RegionLocation> f = lookup("p");
    RegionLocation a = at(region("", "g", 1), S1);
    RegionLocation b = at(region("g", "m", 1), S1);
    RegionLocation c = at(region("m", "", 1), S2);
    meta.answer(0, c, b, a); // the reversed scan: the region wanted, then those below
    assertEquals(c, get(f));
    assertTrue(lookup("a").isDone());
    assertEquals(b, get(lookup("h")));
    assertEquals(1, meta.reads.size());
  }

  @Test
  void missesForOneKeyShareOneAnswerEvenAFailure() throws Exception {
    List<CompletableFuture<RegionLocation>> same = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      same.add(lookup("x"));
    }
    CompletableFuture<RegionLocation> other = lookup("a");
    meta.answer(0, at(region("", "c", 1), S1)); // x's region is not open; a's is
    for (CompletableFuture<RegionLocation> f : same) {
      IOException e = assertThrows(IOException.class, () -> RetryingCaller.join(f));
      assertInstanceOf(RegionInTransitionException.class, e);
    }
    assertEquals(1, meta.reads.size(), "a's region came with x's read");
    assertEquals(region("", "c", 1), get(other).region());
  }

  @Test
  void aFailedReadFailsEveryWaiterAndCachesNothing() throws Exception {
    CompletableFuture<RegionLocation> x = lookup("x");
    CompletableFuture<RegionLocation> a = lookup("a");
    CompletableFuture<RegionLocation> b = lookup("b");
    CallTimeoutException slowMeta = new CallTimeoutException("ClientService.Scan", "meta", 10);
    meta.reads.get(0).result().completeExceptionally(slowMeta);
    for (CompletableFuture<RegionLocation> f : List.of(x, a, b)) {
      assertSame(slowMeta, assertThrows(IOException.class, () -> RetryingCaller.join(f)));
    }
    assertEquals(1, meta.reads.size());
    assertEquals(0, table.cache().size());
    CompletableFuture<RegionLocation> again = lookup("a");
    assertEquals(2, meta.reads.size(), "the next miss reads again");
    meta.answer(1, at(region("", "", 1), S1));
    assertEquals(S1, get(again).server());
  }

  @Test
  void theGreatestWaitingKeyReadsNext() throws Exception {
    CompletableFuture<RegionLocation> m = lookup("m");
    CompletableFuture<RegionLocation> b = lookup("b");
    CompletableFuture<RegionLocation> y = lookup("y");
    CompletableFuture<RegionLocation> k = lookup("k");
    meta.answer(0, at(region("m", "n", 1), S1));
    assertEquals(2, meta.reads.size());
    assertArrayEquals(MetaLayout.regionSearchKey(T, Bytes.toBytes("y")), meta.key(1),
        "a read from y covers most of what waits below it");
    meta.answer(1, at(region("n", "", 1), S1), at(region("m", "n", 1), S1),
        at(region("h", "m", 1), S1));
    assertEquals(region("h", "m", 1), get(k).region());
    assertEquals(3, meta.reads.size(), "b was not covered: it reads last");
    assertFalse(b.isDone());
    meta.answer(2, at(region("", "h", 1), S1));
    assertEquals(region("", "h", 1), get(b).region());
    assertEquals(region("m", "n", 1), get(m).region());
    assertEquals(region("n", "", 1), get(y).region());
  }

  @Test
  void aReloadIsAnsweredOnlyByAReadStartedAfterIt() throws Exception {
    table.cache().add(at(region("", "", 1), S1));
    assertEquals(S1, get(lookup("a")).server());
    assertEquals(0, meta.reads.size(), "a cache hit");
    CompletableFuture<RegionLocation> first = table.lookup(holding("a", true, TIMEOUT));
    assertEquals(1, meta.reads.size(), "a reload reads though the cache has the row");
    CompletableFuture<RegionLocation> sameKey = table.lookup(holding("a", true, TIMEOUT));
    CompletableFuture<RegionLocation> otherKey = table.lookup(holding("b", true, TIMEOUT));
    assertEquals(S1, get(lookup("c")).server(), "without reload the cache answers");
    meta.answer(0, at(region("", "", 1), S2));
    assertEquals(S2, get(first).server());
    assertFalse(sameKey.isDone(), "read 0 started before it asked");
    assertFalse(otherKey.isDone());
    assertEquals(2, meta.reads.size(), "one read for both reloads that asked during read 0");
    meta.answer(1, at(region("", "", 1), RegionCacheTest.S3));
    assertEquals(RegionCacheTest.S3, get(sameKey).server());
    assertEquals(RegionCacheTest.S3, get(otherKey).server());
    assertEquals(2, meta.reads.size());
  }

  @Test
  void aWaiterGivesUpAfterItsOwnTimeout() throws Exception {
    CompletableFuture<RegionLocation> reading = lookup("x");
    CompletableFuture<RegionLocation> impatient = table.lookup(holding("y", false, 50));
    CompletableFuture<RegionLocation> patient = lookup("z");
    ExecutionException e = assertThrows(ExecutionException.class,
        () -> impatient.get(30, TimeUnit.SECONDS));
    assertInstanceOf(CallTimeoutException.class, e.getCause());
    assertEquals("call lookup of the region of table 't' holding row 'y' to strata:meta timed "
        + "out after 50 ms; retry, or raise the timeout if the server is overloaded",
        e.getCause().getMessage());
    assertFalse(patient.isDone(), "the others wait on");
    meta.answer(0, at(region("", "", 1), S1));
    assertEquals(S1, get(patient).server());
    assertEquals(S1, get(reading).server());
    assertEquals(1, meta.reads.size());
  }

  /**
   * A waiter's timeout is gone from the timer once it is answered, not queued for its whole
   * timeout holding the lookup: a cold batch of 2,000 puts left 2,000 such tasks for a minute.
   */
  @Test
  void answeredWaitersLeaveNoTimeoutsQueued() throws Exception {
    CompletableFuture<RegionLocation> reading = lookup("x");
    List<CompletableFuture<RegionLocation>> waiting = new ArrayList<>();
    for (int i = 0; i < 2_000; i++) {
      waiting.add(lookup("r" + i));
    }
    assertEquals(2_000, timer.getQueue().size(), "each waiter has its timeout");
    meta.answer(0, at(region("", "", 1), S1));
    for (CompletableFuture<RegionLocation> f : waiting) {
      assertEquals(S1, get(f).server());
    }
    assertEquals(S1, get(reading).server());
    assertEquals(0, timer.getQueue().size());
    assertEquals(1, meta.reads.size());
  }

  /** A lookup that would wait once the connection (its timer) is closed fails at once. */
  @Test
  void aWaiterOfAClosedConnectionFailsAtOnce() throws Exception {
    CompletableFuture<RegionLocation> reading = lookup("x");
    timer.shutdownNow();
    IOException e = assertThrows(IOException.class, () -> RetryingCaller.join(lookup("y")));
    assertEquals("lookup of the region of table 't' holding row 'y': the connection is closed",
        e.getMessage());
    assertFalse(reading.isDone());
  }
}
