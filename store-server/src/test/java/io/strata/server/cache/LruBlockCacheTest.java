package io.strata.server.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class LruBlockCacheTest {
  /** A block whose cache entry costs exactly 1,000 bytes, carrying a checkable payload. */
  private record TestBlock(String name, BlockCategory category, long payload) implements Cacheable {
    @Override
    public long heapSize() {
      return 1000 - BlockCacheKey.HEAP_OVERHEAD;
    }
  }

  private static BlockCacheKey key(String name) {
    return new BlockCacheKey(name, 0);
  }

  private static void put(LruBlockCache c, String name, boolean inMemory) {
    c.put(key(name), new TestBlock(name, BlockCategory.DATA, 0), inMemory);
  }

  /** Cached block names, sorted. */
  private static TreeSet<String> cached(LruBlockCache c, List<String> names) {
    TreeSet<String> out = new TreeSet<>();
    for (String n : names) {
      if (c.get(key(n), BlockCategory.DATA, false) != null) {
        out.add(n);
      }
    }
    return out;
  }

  private static List<String> names(String prefix, int from, int to) {
    List<String> out = new ArrayList<>();
    for (int i = from; i <= to; i++) {
      out.add(String.format("%s%02d", prefix, i));
    }
    return out;
  }

  @Test
  void leastRecentlyUsedGoesFirstAndASecondReadPromotes() {
    LruBlockCache c = new LruBlockCache(10_000);
    names("s", 1, 10).forEach(n -> put(c, n, false));
    assertEquals(10_000, c.size());
    assertNotNull(c.get(key("s01"), BlockCategory.DATA, true)); // now MULTI
    assertEquals(1000, c.size(BlockPriority.MULTI));
    put(c, "s11", false); // 11,000 > 10,000: evict singles, oldest first, down to 9,500
    List<String> all = names("s", 1, 11);
    assertEquals(new TreeSet<>(List.of("s01", "s04", "s05", "s06", "s07", "s08", "s09", "s10",
        "s11")), cached(c, all));
    assertEquals(9000, c.size());
    assertEquals(2, c.stats().evictions(BlockCategory.DATA));
  }

  @Test
  void aLargeScanDoesNotEvictTheHotSet() {
    LruBlockCache c = new LruBlockCache(10_000);
    List<String> hot = names("h", 1, 4);
    for (String h : hot) {
      put(c, h, false);
      c.get(key(h), BlockCategory.DATA, true);
    }
    assertEquals(4000, c.size(BlockPriority.MULTI));
    List<String> scan = names("s", 1, 20);
    scan.forEach(n -> put(c, n, false));
    List<String> all = new ArrayList<>(hot);
    all.addAll(scan);
    TreeSet<String> expected = new TreeSet<>(hot);
    expected.addAll(names("s", 15, 20));
    assertEquals(expected, cached(c, all));
    assertEquals(14, c.stats().evictions());
  }

  @Test
  void inMemoryBlocksGoOnlyWhenTheirGroupIsFurthestOverItsShare() {
    LruBlockCache c = new LruBlockCache(10_000);
    List<String> memory = names("m", 1, 3);
    memory.forEach(n -> put(c, n, true));
    List<String> singles = names("s", 1, 8);
    singles.forEach(n -> put(c, n, false));
    List<String> all = new ArrayList<>(memory);
    all.addAll(singles);
    TreeSet<String> expected = new TreeSet<>(memory);
    expected.addAll(names("s", 3, 8));
    assertEquals(expected, cached(c, all));

    LruBlockCache onlyMemory = new LruBlockCache(10_000);
    List<String> many = names("m", 1, 11);
    many.forEach(n -> put(onlyMemory, n, true));
    assertEquals(new TreeSet<>(names("m", 3, 11)), cached(onlyMemory, many));
  }

  @Test
  void statsCountHitsMissesAndEvictionsPerCategory() {
    LruBlockCache c = new LruBlockCache(10_000);
    c.put(new BlockCacheKey("f", 0), new TestBlock("i", BlockCategory.INDEX, 0), false);
    c.put(new BlockCacheKey("f", 1), new TestBlock("b", BlockCategory.BLOOM, 0), false);
    assertNotNull(c.get(new BlockCacheKey("f", 0), BlockCategory.INDEX, true));
    assertNotNull(c.get(new BlockCacheKey("f", 0), BlockCategory.INDEX, true));
    assertNull(c.get(new BlockCacheKey("f", 2), BlockCategory.DATA, true));
    assertNull(c.get(new BlockCacheKey("f", 3), BlockCategory.DATA, false));
    assertEquals(2, c.stats().hits(BlockCategory.INDEX));
    assertEquals(0, c.stats().hits(BlockCategory.BLOOM));
    assertEquals(1, c.stats().misses(BlockCategory.DATA));
    assertEquals(2.0 / 3, c.stats().hitRatio(), 1e-9);
    assertEquals(2, c.blockCount());
    // Putting a cached key again changes nothing.
    c.put(new BlockCacheKey("f", 1), new TestBlock("other", BlockCategory.BLOOM, 0), false);
    assertEquals(2000, c.size());
    assertEquals("b", ((TestBlock) c.get(new BlockCacheKey("f", 1), BlockCategory.BLOOM, false))
        .name());
    assertEquals(1.0, c.stats().hitRatio(BlockCategory.INDEX), 1e-9);
    assertEquals(0.0, c.stats().hitRatio(BlockCategory.DATA), 1e-9);
    assertEquals(1000, c.stats().bytes(BlockCategory.INDEX));
    assertEquals(1, c.stats().blocks(BlockCategory.BLOOM));
    assertEquals(0, c.stats().blocks(BlockCategory.DATA));
    assertTrue(c.evict(new BlockCacheKey("f", 0)));
    assertEquals(0, c.stats().bytes(BlockCategory.INDEX));
    assertEquals(0, c.stats().blocks(BlockCategory.INDEX));
    CacheReport r = c.report().get(0);
    assertEquals("L1", r.tier());
    assertEquals(10_000, r.capacity());
    assertEquals(1000, r.usedBytes());
    assertEquals(9000, r.freeBytes());
    assertEquals(1, r.blockCount());
    // Evictions for space keep the per-category occupancy exact as well.
    for (int i = 0; i < 30; i++) {
      put(c, "d" + i, false);
    }
    long dataBytes = c.stats().bytes(BlockCategory.DATA);
    assertEquals(c.size(), dataBytes + c.stats().bytes(BlockCategory.BLOOM));
    assertEquals(c.blockCount(), c.stats().blocks(BlockCategory.DATA) + 1);
  }

  @Test
  void evictFileDropsExactlyThatFilesBlocks() {
    LruBlockCache c = new LruBlockCache(100_000);
    for (int i = 0; i < 5; i++) {
      c.put(new BlockCacheKey("a", i), new TestBlock("a" + i, BlockCategory.DATA, 0), false);
      c.put(new BlockCacheKey("b", i), new TestBlock("b" + i, BlockCategory.DATA, 0), i == 0);
    }
    c.get(new BlockCacheKey("a", 1), BlockCategory.DATA, true);
    assertEquals(5, c.evictFile("a"));
    assertEquals(0, c.evictFile("a"));
    assertEquals(5, c.blockCount());
    assertEquals(5000, c.size());
    assertEquals(1000, c.size(BlockPriority.MEMORY));
    assertEquals(0, c.size(BlockPriority.MULTI));
    assertEquals(0, c.stats().evictions(), "evicting a closed file is not eviction for space");
    assertTrue(c.evict(new BlockCacheKey("b", 3)));
    assertEquals(4000, c.size());
  }

  @Test
  void aBlockOverATenthOfTheCacheIsNotCached() {
    LruBlockCache c = new LruBlockCache(9_999);
    put(c, "big", false);
    assertEquals(0, c.blockCount());
  }

  @Test
  void badSettingsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new LruBlockCache(0));
    assertThrows(IllegalArgumentException.class,
        () -> new LruBlockCache(1000, new double[] {0.5, 0.5, 0.5}, 0.9));
    assertThrows(IllegalArgumentException.class,
        () -> new LruBlockCache(1000, LruBlockCache.DEFAULT_SHARES, 1.5));
  }

  /**
   * Threads read and insert random blocks while eviction runs: every block read is the one
   * stored under its key, and afterwards the accounting matches the blocks held.
   */
  @Test
  void concurrentReadsInsertsAndEvictionsStayConsistent() throws Exception {
    LruBlockCache c = new LruBlockCache(50_000);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      long seed = t;
      threads.add(new Thread(() -> {
        Random rnd = new Random(seed);
        try {
          for (int i = 0; i < 50_000; i++) {
            int k = rnd.nextInt(200);
            BlockCacheKey key = new BlockCacheKey("f" + (k % 7), k);
            Cacheable got = c.get(key, BlockCategory.DATA, true);
            if (got != null && ((TestBlock) got).payload() != k * 31L) {
              throw new AssertionError("key " + key + " returned another block: " + got);
            }
            if (got == null) {
              c.put(key, new TestBlock("x", BlockCategory.DATA, k * 31L), rnd.nextInt(10) == 0);
            }
            if (rnd.nextInt(1000) == 0) {
              c.evictFile("f" + rnd.nextInt(7));
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
    long held = 0;
    for (int k = 0; k < 200; k++) {
      if (c.get(new BlockCacheKey("f" + (k % 7), k), BlockCategory.DATA, false) != null) {
        held += 1000;
      }
    }
    assertEquals(held, c.size());
    assertEquals(held, c.size(BlockPriority.SINGLE) + c.size(BlockPriority.MULTI)
        + c.size(BlockPriority.MEMORY));
    assertTrue(c.size() <= c.capacity(), c.toString());
    assertSame(c.stats(), c.stats());
  }
}
