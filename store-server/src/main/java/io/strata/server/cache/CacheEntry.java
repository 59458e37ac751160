package io.strata.server.cache;

/**
 * What the priority rule needs of a cached block in either tier: its key, the bytes it counts
 * for in its tier, its priority group and when it was last read. {@link PriorityGroups} keeps
 * the group and recency up to date.
 */
public abstract class CacheEntry {
  public final BlockCacheKey key;
  /** Bytes the block counts for: heap size in L1, block length in L2. */
  public final long bytes;
  volatile BlockPriority priority;
  volatile long lastAccess;

  protected CacheEntry(BlockCacheKey key, long bytes, BlockPriority priority) {
    this.key = key;
    this.bytes = bytes;
    this.priority = priority;
  }

  public BlockPriority priority() {
    return priority;
  }
}
