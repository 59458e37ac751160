package io.strata.server.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.conf.BlockCacheKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.server.cache.BlockCache;
import io.strata.server.cache.CombinedBlockCache;
import io.strata.server.cache.LruBlockCache;
import io.strata.server.cache.bucket.BucketCache;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlockCachesTest {
  @TempDir
  java.nio.file.Path tmp;

  @Test
  void buildsL1AloneOrCombinedWithAnL2() throws Exception {
    assertTrue(BlockCaches.fromConfig(StrataConfiguration.defaults()) instanceof LruBlockCache);
    assertNull(BlockCaches.fromConfig(StrataConfiguration.defaults()
        .set(BlockCacheKeys.L1_HEAP_FRACTION, "0")));
    BlockCache offHeap = BlockCaches.fromConfig(StrataConfiguration.defaults()
        .set(BlockCacheKeys.L2_ENGINE, "offheap").set(BlockCacheKeys.L2_SIZE, "20m")
        .set(BlockCacheKeys.L2_BUCKET_SIZES, "5k, 9k, 65k"));
    CombinedBlockCache c = (CombinedBlockCache) offHeap;
    BucketCache l2 = (BucketCache) c.l2();
    assertEquals(4 * 65 * 1024, l2.allocator().bucketSize());
    assertTrue(l2.capacity() > 18L << 20 && l2.capacity() <= 20L << 20, l2.capacity() + "");
    var report = c.report();
    assertEquals(List.of("L1", "L2"), report.stream().map(r -> r.tier()).toList());
    assertEquals(l2.capacity(), report.get(1).capacity());
    assertEquals(l2.capacity(), report.get(1).freeBytes());
    assertEquals(0, report.get(1).blockCount());
    l2.close();
    BlockCache file = BlockCaches.fromConfig(StrataConfiguration.defaults()
        .set(BlockCacheKeys.L2_ENGINE, "file:" + tmp.resolve("l2.cache"))
        .set(BlockCacheKeys.L2_SIZE, "8m"));
    ((BucketCache) ((CombinedBlockCache) file).l2()).close();
  }

  @Test
  void badSettingsSayWhatToWrite() {
    assertEquals("strata.blockcache.l2.engine is 'ssd'; use none, offheap or "
        + "file:/path/to/cache.file", assertThrows(IllegalArgumentException.class,
            () -> BlockCaches.fromConfig(StrataConfiguration.defaults()
                .set(BlockCacheKeys.L2_ENGINE, "ssd"))).getMessage());
    assertEquals("strata.blockcache.l2.bucket.sizes: '9k,5k' must list positive sizes in "
        + "ascending order, such as 5k,9k,17k,65k", assertThrows(IllegalArgumentException.class,
            () -> BlockCaches.bucketSizes("9k,5k")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> BlockCaches.bucketSizes("5k,lots"));
    assertThrows(IllegalArgumentException.class, () -> BlockCaches.fromConfig(
        StrataConfiguration.defaults().set(BlockCacheKeys.L1_HEAP_FRACTION, "0")
            .set(BlockCacheKeys.L2_ENGINE, "offheap").set(BlockCacheKeys.L2_SIZE, "4m")));
  }
}
