package io.strata.client.internal;

import static io.strata.client.internal.RegionCacheTest.S1;
import static io.strata.client.internal.RegionCacheTest.S2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.RegionLocation;
import io.strata.common.error.ServerErrorException;
import io.strata.common.schema.ServerName;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Meta's own location: concurrent misses share one ZooKeeper read. */
class MetaLocationTest {
  private final ExecutorService pool = Executors.newFixedThreadPool(8);

  @AfterEach
  void stop() {
    pool.shutdownNow();
  }

  /** A source that blocks until released, counting its reads. */
  private static final class GatedSource implements MetaLocation.Source {
    final CountDownLatch entered = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final AtomicInteger reads = new AtomicInteger();
    volatile IOException failure;

    @Override
    public ServerName metaServer() throws IOException {
      reads.incrementAndGet();
      entered.countDown();
      try {
        release.await(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      if (failure != null) {
        throw failure;
      }
      return S1;
    }
  }

  /**
   * Starts 100 concurrent lookups while the first one's read is blocked, then releases it; the
   * lookups' futures, all obtained before the read ended.
   */
  private List<CompletableFuture<RegionLocation>> hundredDuringOneRead(MetaLocation meta,
      GatedSource source) throws Exception {
    Future<CompletableFuture<RegionLocation>> firstCall = pool.submit(() -> meta.get(false));
    assertTrue(source.entered.await(30, TimeUnit.SECONDS));
    List<CompletableFuture<RegionLocation>> all = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      all.add(meta.get(i % 2 == 0)); // reloads join the read in flight too
    }
    assertTrue(all.stream().noneMatch(CompletableFuture::isDone), "all wait for the one read");
    source.release.countDown();
    all.add(firstCall.get(30, TimeUnit.SECONDS));
    return all;
  }

  @Test
  void concurrentMissesShareOneRead() throws Exception {
    GatedSource source = new GatedSource();
    MetaLocation meta = new MetaLocation(source);
    for (CompletableFuture<RegionLocation> f : hundredDuringOneRead(meta, source)) {
      assertEquals(S1, f.get(30, TimeUnit.SECONDS).server());
    }
    assertEquals(1, source.reads.get());
    assertEquals(1, meta.reads());
    assertEquals(S1, meta.get(false).join().server());
    assertEquals(1, source.reads.get(), "cached");
  }

  @Test
  void aFailedReadFailsEveryWaiterAndIsNotCached() throws Exception {
    GatedSource source = new GatedSource();
    source.failure = new ServerErrorException("zk", new IOException("no quorum"));
    MetaLocation meta = new MetaLocation(source);
    for (CompletableFuture<RegionLocation> f : hundredDuringOneRead(meta, source)) {
      IOException e = assertThrows(IOException.class, () -> RetryingCaller.join(f));
      assertSame(source.failure, e);
    }
    assertEquals(null, meta.cached());
    source.failure = null;
    assertEquals(S1, meta.get(false).join().server());
    assertEquals(2, source.reads.get());
  }

  @Test
  void dropAndMoveOnlyTouchTheLocationTheyName() {
    MetaLocation meta = new MetaLocation(() -> S1);
    RegionLocation first = meta.get(false).join();
    meta.moved(first, S2);
    RegionLocation moved = meta.cached();
    assertEquals(S2, moved.server());
    meta.drop(first);
    assertSame(moved, meta.cached(), "a stale report of the old place changes nothing");
    meta.dropOn(S1);
    assertSame(moved, meta.cached());
    meta.dropOn(S2);
    assertEquals(null, meta.cached());
  }
}
