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

  public static final ConfigKey<String> L2_ENGINE = ConfigKey.string(
      "strata.blockcache.l2.engine", "none",
      "Where the L2 bucket cache keeps blocks: none (no L2), offheap (direct memory outside the "
          + "Java heap; give the JVM -XX:MaxDirectMemorySize above strata.blockcache.l2.size, with "
          + "room for direct I/O's buffers: 1 MB for each block file being written, up to 512 KB "
          + "for each input of a running compaction) or "
          + "file:/path/to/cache.file (a local file, best on an SSD). With an L2, data blocks go "
          + "to L2 and index and bloom blocks stay in L1.");

  public static final ConfigKey<Long> L2_SIZE = ConfigKey.size(
      "strata.blockcache.l2.size", "1g",
      "Space of the L2 bucket cache, when strata.blockcache.l2.engine is not none.");

  public static final ConfigKey<String> L2_BUCKET_SIZES = ConfigKey.string(
      "strata.blockcache.l2.bucket.sizes",
      "5k,9k,17k,33k,41k,49k,57k,65k,97k,129k,193k,257k,385k,513k",
      "Slot sizes of the L2 cache, ascending, comma separated: a block takes a slot of the "
          + "smallest size that fits it. Fit them to the families' block sizes plus about 1k; "
          + "blocks above the largest are not cached in L2.");

  public static final ConfigKey<Integer> L2_WRITER_THREADS = ConfigKey.integer(
      "strata.blockcache.l2.writer.threads", 3, "threads",
      "Threads copying blocks into the L2 cache in the background.");

  public static final ConfigKey<Integer> L2_WRITER_QUEUE = ConfigKey.integer(
      "strata.blockcache.l2.writer.queue", 64, "blocks",
      "Blocks each L2 writer thread may have waiting; when its queue is full, a new block is not "
          + "cached rather than make the reader wait.");

  private BlockCacheKeys() {}
}
