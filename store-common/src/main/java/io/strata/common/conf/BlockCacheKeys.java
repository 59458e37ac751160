package io.strata.common.conf;

/** Keys of a region server's block cache. */
public final class BlockCacheKeys {
  public static final String SECTION = "Block cache";

  public static final ConfigKey<Double> L1_HEAP_FRACTION = ConfigKey.decimal(
      "strata.blockcache.l1.heap.fraction", 0.4, "fraction of max heap",
      "Size of the on-heap L1 block cache (least recently used first, in single-access, "
          + "multi-access and in-memory groups). 0 turns block caching off. Together with "
          + "strata.memstore.global.heap.fraction it should leave a fifth of the heap free.");

  public static final ConfigKey<Boolean> CACHE_DATA_ON_WRITE = ConfigKey.bool(
      "strata.blockcache.cache.data.on.write", false,
      "Put data blocks into the cache as flushes and compactions write them, so that reads of "
          + "fresh data do not go to storage. Families with BLOCKCACHE => false never cache data "
          + "blocks.");

  public static final ConfigKey<Boolean> CACHE_INDEX_ON_WRITE = ConfigKey.bool(
      "strata.blockcache.cache.index.on.write", false,
      "Put index blocks into the cache as flushes and compactions write them.");

  public static final ConfigKey<Boolean> CACHE_BLOOM_ON_WRITE = ConfigKey.bool(
      "strata.blockcache.cache.bloom.on.write", false,
      "Put bloom filter chunks into the cache as flushes and compactions write them.");

  public static final ConfigKey<Boolean> EVICT_ON_CLOSE = ConfigKey.bool(
      "strata.blockcache.evict.on.close", false,
      "Drop a file's blocks from the cache when its region closes (a move or shutdown). Files "
          + "that a compaction replaced are always dropped once no scanner reads them.");

  private BlockCacheKeys() {}
}
