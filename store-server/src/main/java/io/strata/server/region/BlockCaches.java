package io.strata.server.region;

import io.strata.common.conf.BlockCacheKeys;
import io.strata.common.conf.ConfigType;
import io.strata.common.conf.StrataConfiguration;
import io.strata.server.blockfile.BlockCodec;
import io.strata.server.cache.BlockCache;
import io.strata.server.cache.CombinedBlockCache;
import io.strata.server.cache.LruBlockCache;
import io.strata.server.cache.bucket.BucketAllocator;
import io.strata.server.cache.bucket.BucketCache;
import io.strata.server.cache.bucket.FileEngine;
import io.strata.server.cache.bucket.IOEngine;
import io.strata.server.cache.bucket.OffHeapEngine;
import java.io.IOException;
import java.nio.file.Path;

/** Builds a region server's block cache from {@link BlockCacheKeys}. */
public final class BlockCaches {
  private BlockCaches() {}

  /**
   * The L1 cache alone, or L1 and L2 combined when an L2 engine is configured; null when the L1
   * fraction is 0 and there is no L2.
   */
  public static BlockCache fromConfig(StrataConfiguration conf) throws IOException {
    double fraction = conf.get(BlockCacheKeys.L1_HEAP_FRACTION);
    if (fraction < 0 || fraction > 0.8) {
      throw new IllegalArgumentException(BlockCacheKeys.L1_HEAP_FRACTION.name() + " is "
          + fraction + "; give a fraction of the heap from 0 to 0.8");
    }
    if (fraction == 0 && !conf.get(BlockCacheKeys.L2_ENGINE).trim().equals("none")) {
      throw new IllegalArgumentException("an L2 block cache needs an L1 for index and bloom "
          + "blocks; set " + BlockCacheKeys.L1_HEAP_FRACTION.name() + " above 0");
    }
    LruBlockCache l1 = fraction == 0 ? null : LruBlockCache.ofHeapFraction(fraction);
    BucketCache l2 = l2(conf);
    return l2 == null ? l1 : new CombinedBlockCache(l1, l2);
  }

  private static BucketCache l2(StrataConfiguration conf) throws IOException {
    String engineName = conf.get(BlockCacheKeys.L2_ENGINE).trim();
    if (engineName.equals("none")) {
      return null;
    }
    int[] sizes = bucketSizes(conf.get(BlockCacheKeys.L2_BUCKET_SIZES));
    long bucketSize = 4L * sizes[sizes.length - 1];
    long size = conf.get(BlockCacheKeys.L2_SIZE) / bucketSize * bucketSize;
    IOEngine engine;
    if (engineName.equals("offheap")) {
      // Chunks of whole buckets, so that no slot crosses a chunk.
      int chunk = (int) Math.min(size, Math.max(bucketSize, (256L << 20) / bucketSize
          * bucketSize));
      size = size / chunk * chunk;
      engine = new OffHeapEngine(size, chunk);
    } else if (engineName.startsWith("file:")) {
      engine = new FileEngine(Path.of(engineName.substring("file:".length())), size);
    } else {
      throw new IllegalArgumentException(BlockCacheKeys.L2_ENGINE.name() + " is '" + engineName
          + "'; use none, offheap or file:/path/to/cache.file");
    }
    return new BucketCache(engine, new BucketAllocator(size, bucketSize, sizes),
        BlockCodec.INSTANCE, conf.get(BlockCacheKeys.L2_WRITER_THREADS),
        conf.get(BlockCacheKeys.L2_WRITER_QUEUE));
  }

  static int[] bucketSizes(String text) {
    String[] items = text.split(",");
    int[] sizes = new int[items.length];
    for (int i = 0; i < items.length; i++) {
      long v = ConfigType.SIZE_BYTES.parse(BlockCacheKeys.L2_BUCKET_SIZES.name(), items[i].trim(),
          "configuration");
      if (v <= 0 || v > Integer.MAX_VALUE || (i > 0 && v <= sizes[i - 1])) {
        throw new IllegalArgumentException(BlockCacheKeys.L2_BUCKET_SIZES.name() + ": '" + text
            + "' must list positive sizes in ascending order, such as 5k,9k,17k,65k");
      }
      sizes[i] = (int) v;
    }
    return sizes;
  }
}
