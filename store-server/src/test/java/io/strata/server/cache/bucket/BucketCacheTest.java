package io.strata.server.cache.bucket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.server.cache.BlockCacheKey;
import io.strata.server.cache.BlockCategory;
import io.strata.server.cache.Cacheable;
import io.strata.server.cache.CacheableCodec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class BucketCacheTest {
  private static final int[] CLASSES = {1024, 2048, 4096};
  private static final long BUCKET = 16 * 1024;

  /** A block whose bytes are all derived from its id, so any mix-up shows. */
  record TestBlock(long id, int size) implements Cacheable {
    @Override
    public long heapSize() {
      return size;
    }

    @Override
    public BlockCategory category() {
      return BlockCategory.DATA;
    }

    byte[] bytes() {
      byte[] b = new byte[size];
      Random r = new Random(id);
      r.nextBytes(b);
      ByteBuffer.wrap(b).putLong(id);
      return b;
    }
  }

  /** A block read in place: a view of cache memory, valid until released. */
  record HeldBlock(ByteBuffer view, Runnable onRelease) implements Cacheable {
    @Override
    public long heapSize() {
      return 64;
    }

    @Override
    public BlockCategory category() {
      return BlockCategory.DATA;
    }

    @Override
    public void release() {
      onRelease.run();
    }

    byte[] bytes() {
      byte[] b = new byte[view.remaining()];
      view.duplicate().get(b);
      return b;
    }
  }

  /** Encodes a TestBlock as its bytes; optional hooks pause reads and writes. */
  static class Codec implements CacheableCodec {
    volatile CountDownLatch readStarted;
    volatile CountDownLatch readMayFinish;
    volatile CountDownLatch writeMayFinish;

    @Override
    public int length(Cacheable b) {
      return ((TestBlock) b).size();
    }

    @Override
    public void write(Cacheable b, ByteBuffer dst) {
      await(writeMayFinish);
      dst.put(((TestBlock) b).bytes());
    }

    /** Hand blocks out in place (as data blocks are) instead of copying them. */
    volatile boolean inPlace;

    @Override
    public Cacheable read(ByteBuffer src, Runnable release) {
      if (readStarted != null) {
        readStarted.countDown();
        await(readMayFinish);
      }
      if (inPlace && release != null) {
        return new HeldBlock(src, release);
      }
      byte[] b = new byte[src.remaining()];
      src.duplicate().get(b);
      TestBlock t = new TestBlock(ByteBuffer.wrap(b).getLong(), b.length);
      if (!java.util.Arrays.equals(b, t.bytes())) {
        throw new AssertionError("block " + t.id() + " read back with other bytes");
      }
      if (release != null) {
        release.run();
      }
      return t;
    }

    private static void await(CountDownLatch l) {
      if (l == null) {
        return;
      }
      try {
        assertTrue(l.await(30, TimeUnit.SECONDS), "timed out waiting for the test");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private static BucketCache cache(Codec codec, long buckets, int writers, int queue) {
    return new BucketCache(new OffHeapEngine(buckets * BUCKET, (int) BUCKET),
        new BucketAllocator(buckets * BUCKET, BUCKET, CLASSES), codec, writers, queue);
  }

  private static BlockCacheKey key(long id) {
    return new BlockCacheKey("f" + (id % 5), id);
  }

  /** Waits until the writers have written everything handed to them. */
  private static void drain(BucketCache c) throws InterruptedException {
    assertTrue(c.awaitPendingWrites(30, TimeUnit.SECONDS), "writers did not drain");
  }

  @Test
  void blocksAreServedWhileQueuedAndAfterBeingWritten() throws Exception {
    Codec codec = new Codec();
    codec.writeMayFinish = new CountDownLatch(1);
    try (BucketCache c = cache(codec, 8, 1, 16)) {
      TestBlock b = new TestBlock(7, 1500);
      c.put(key(7), b, false);
      assertSame(b, c.get(key(7), BlockCategory.DATA, true), "served from the queue");
      codec.writeMayFinish.countDown();
      drain(c);
      assertEquals(b, c.get(key(7), BlockCategory.DATA, true), "read back from off-heap");
      assertEquals(2048, c.size(), "one 2 KiB slot");
      assertEquals(2, c.stats().hits(BlockCategory.DATA));
      assertNull(c.get(key(8), BlockCategory.DATA, true));
      assertEquals(1, c.stats().misses(BlockCategory.DATA));
      assertEquals(2048, c.stats().bytes(BlockCategory.DATA));
      assertEquals(1, c.stats().blocks(BlockCategory.DATA));
      assertEquals(2.0 / 3, c.stats().hitRatio(BlockCategory.DATA), 1e-9);
      io.strata.server.cache.CacheReport r = c.report().get(0);
      assertEquals("L2", r.tier());
      assertEquals(8 * BUCKET, r.capacity());
      assertEquals(2048, r.usedBytes());
      assertEquals(8 * BUCKET - 2048, r.freeBytes());
      assertEquals(1, r.blockCount());
      assertEquals(BUCKET - 2048, r.fragmentedBytes(), "the rest of the 2 KiB class's bucket");
      assertEquals(0, r.heldByReaders());
      assertEquals(1, c.evictFile("f2"));
      assertEquals(0, c.size());
      assertEquals(0, c.stats().bytes(BlockCategory.DATA));
      assertEquals(0, c.stats().blocks(BlockCategory.DATA));
      assertEquals(0, c.report().get(0).fragmentedBytes(), "the emptied bucket is free again");
    }
  }

  @Test
  void aFullWriterQueueDropsInsertsInsteadOfBlocking() throws Exception {
    Codec codec = new Codec();
    codec.writeMayFinish = new CountDownLatch(1);
    try (BucketCache c = cache(codec, 8, 1, 2)) {
      for (long id = 0; id < 10; id++) {
        c.put(key(id), new TestBlock(id, 1000), false); // returns at once even when full
      }
      assertTrue(c.droppedInserts() >= 7, c.droppedInserts() + " dropped");
      codec.writeMayFinish.countDown();
      drain(c);
      assertEquals(10 - c.droppedInserts(), c.blockCount());
    }
  }

  @Test
  void hotBlocksSurviveAScanOfSingleAccessBlocks() throws Exception {
    try (BucketCache c = cache(new Codec(), 8, 1, 1000)) {
      for (long id = 0; id < 10; id++) {
        c.put(key(id), new TestBlock(id, 4000), false);
      }
      drain(c);
      for (long id = 0; id < 10; id++) {
        assertNotNull(c.get(key(id), BlockCategory.DATA, true)); // now multi access
      }
      for (long id = 100; id < 400; id++) {
        c.put(key(id), new TestBlock(id, 900), false);
        drain(c);
      }
      for (long id = 0; id < 10; id++) {
        assertNotNull(c.get(key(id), BlockCategory.DATA, false), "hot block " + id);
      }
      assertTrue(c.stats().evictions() > 0);
    }
  }

  /**
   * HBASE-22539/HBASE-24984: a slot must not be reused while a reader still copies from it.
   * The reader pauses inside its read; meanwhile the block is evicted and the cache refilled.
   * The reader must still get the block's own bytes, and the slot is freed when it is done.
   */
  @Test
  void aSlotIsNotReusedWhileAReaderHoldsIt() throws Exception {
    Codec codec = new Codec();
    try (BucketCache c = cache(codec, 1, 1, 1000)) { // one bucket: 16 slots of 1 KiB
      c.put(key(1), new TestBlock(1, 1000), false);
      drain(c);
      codec.readStarted = new CountDownLatch(1);
      codec.readMayFinish = new CountDownLatch(1);
      AtomicReference<Object> got = new AtomicReference<>();
      Thread reader = new Thread(() -> {
        try {
          got.set(c.get(key(1), BlockCategory.DATA, true));
        } catch (Throwable e) {
          got.set(e);
        }
      });
      reader.start();
      assertTrue(codec.readStarted.await(30, TimeUnit.SECONDS));
      codec.readStarted = null;
      assertTrue(c.evict(key(1)));
      for (long id = 2; id < 40; id++) { // more than the bucket holds: every free slot is used
        c.put(key(id), new TestBlock(id, 1000), false);
        drain(c);
      }
      long used = c.size();
      assertEquals(c.blockCount() * 1024 + 1024, used, "the held slot is still in use");
      codec.readMayFinish.countDown();
      reader.join();
      assertEquals(new TestBlock(1, 1000), got.get());
      assertEquals(used - 1024, c.size(), "the slot is freed once the reader let go");
    }
  }

  /**
   * The in-place form of the same bug: a block handed out as a view of cache memory (how data
   * blocks are read) keeps its slot after eviction, through a refill of the whole cache, until
   * its holder releases it; its bytes never change meanwhile.
   */
  @Test
  void aBlockReadInPlaceKeepsItsSlotUntilReleased() throws Exception {
    Codec codec = new Codec();
    codec.inPlace = true;
    try (BucketCache c = cache(codec, 1, 1, 1000)) { // one bucket: 16 slots of 1 KiB
      c.put(key(1), new TestBlock(1, 1000), false);
      drain(c);
      HeldBlock held = (HeldBlock) c.get(key(1), BlockCategory.DATA, true);
      assertTrue(c.evict(key(1)));
      for (long id = 2; id < 40; id++) {
        c.put(key(id), new TestBlock(id, 1000), false);
        drain(c);
      }
      long blocks = c.blockCount();
      assertEquals(blocks * 1024 + 1024, c.size(), "the held slot is still in use");
      assertArrayEquals(new TestBlock(1, 1000).bytes(), held.bytes(), "held bytes unchanged");
      HeldBlock other = (HeldBlock) c.get(key(39), BlockCategory.DATA, true);
      assertArrayEquals(new TestBlock(39, 1000).bytes(), other.bytes());
      other.release();
      held.release();
      assertEquals(blocks * 1024, c.size(), "the slot is freed once its holder let go");
    }
  }

  /** Writers, readers and evictions at once: every block read has exactly its own bytes. */
  @Test
  void concurrentReadersWritersAndEvictionsSeeOnlyCorrectBlocks() throws Exception {
    try (BucketCache c = cache(new Codec(), 6, 2, 64)) {
      AtomicReference<Throwable> failure = new AtomicReference<>();
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        long seed = t;
        threads.add(new Thread(() -> {
          Random rnd = new Random(seed);
          try {
            for (int i = 0; i < 20_000; i++) {
              long id = rnd.nextInt(300);
              Cacheable b = c.get(key(id), BlockCategory.DATA, true);
              if (b != null && ((TestBlock) b).id() != id) {
                throw new AssertionError("asked for " + id + ", got " + b);
              }
              if (b == null) {
                c.put(key(id), new TestBlock(id, 200 + (int) (id * 13 % 3800)), false);
              }
              if (rnd.nextInt(500) == 0) {
                c.evictFile("f" + rnd.nextInt(5));
              }
            }
          } catch (Throwable e) {
            failure.set(e);
          }
        }));
      }
      threads.forEach(Thread::start);
      for (Thread t : threads) {
        t.join();
      }
      if (failure.get() != null) {
        throw new AssertionError(failure.get());
      }
      drain(c);
      assertTrue(c.stats().hits() > 1000 && c.stats().evictions() > 0, c.stats().toString());
      long held = 0;
      for (long id = 0; id < 300; id++) {
        if (c.get(key(id), BlockCategory.DATA, false) != null) {
          held += c.allocator().slotSizeFor(200 + (int) (id * 13 % 3800));
        }
      }
      assertEquals(held, c.size(), "slots in use are exactly those of the cached blocks");
    }
  }
}
