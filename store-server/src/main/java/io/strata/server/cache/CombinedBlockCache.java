package io.strata.server.cache;

/**
 * L1 and L2 together, the default when an L2 is configured: index, bloom and meta blocks, which
 * every read of a file needs, live on the heap in L1; data blocks live in L2. Each tier keeps its
 * own statistics; {@link #stats} here counts for the whole.
 */
public final class CombinedBlockCache implements BlockCache {
  private final BlockCache l1;
  private final BlockCache l2;
  private final CacheStats stats = new CacheStats();

  public CombinedBlockCache(BlockCache l1, BlockCache l2) {
    this.l1 = l1;
    this.l2 = l2;
  }

  private BlockCache tier(BlockCategory c) {
    return c == BlockCategory.DATA ? l2 : l1;
  }

  @Override
  public Cacheable get(BlockCacheKey key, BlockCategory category, boolean countStats) {
    Cacheable b = tier(category).get(key, category, countStats);
    if (countStats) {
      if (b != null) {
        stats.hit(category);
      } else {
        stats.miss(category);
      }
    }
    return b;
  }

  @Override
  public void put(BlockCacheKey key, Cacheable block, boolean inMemory) {
    tier(block.category()).put(key, block, inMemory);
  }

  @Override
  public boolean evict(BlockCacheKey key) {
    boolean a = l1.evict(key);
    boolean b = l2.evict(key);
    return a || b;
  }

  @Override
  public int evictFile(String file) {
    return l1.evictFile(file) + l2.evictFile(file);
  }

  @Override
  public CacheStats stats() {
    return stats;
  }

  @Override
  public java.util.List<CacheReport> report() {
    java.util.List<CacheReport> all = new java.util.ArrayList<>(l1.report());
    all.addAll(l2.report());
    return all;
  }

  public BlockCache l1() {
    return l1;
  }

  public BlockCache l2() {
    return l2;
  }

  @Override
  public long capacity() {
    return l1.capacity() + l2.capacity();
  }

  @Override
  public long size() {
    return l1.size() + l2.size();
  }

  @Override
  public long blockCount() {
    return l1.blockCount() + l2.blockCount();
  }
}
