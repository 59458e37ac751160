package io.strata.server.cache;

/**
 * One cache tier at a moment, for metrics and the web UI: how full it is and how it serves.
 * Per block category, {@link CacheStats} gives hits, misses, evictions, hit ratio, bytes and
 * blocks.
 *
 * @param tier "L1" (on-heap LRU) or "L2" (bucket cache)
 * @param usedBytes bytes in use: heap bytes of the blocks (L1), bytes of occupied slots (L2,
 *     including slots evicted but still held by a reader)
 * @param freeBytes capacity minus used
 * @param fragmentedBytes L2: free slots in partly used buckets, usable only by blocks of their
 *     size class; 0 for L1
 * @param droppedInserts L2: blocks not cached because a writer queue was full or no slot could
 *     be freed; 0 for L1
 * @param heldByReaders L2: blocks handed out in place and not yet released; 0 for L1
 */
public record CacheReport(String tier, long capacity, long usedBytes, long freeBytes,
    long blockCount, CacheStats stats, long fragmentedBytes, long droppedInserts,
    long heldByReaders) {
  @Override
  public String toString() {
    StringBuilder b = new StringBuilder(tier).append(": ").append(usedBytes).append(" of ")
        .append(capacity).append(" bytes used, ").append(blockCount).append(" blocks, ")
        .append(stats);
    for (BlockCategory c : BlockCategory.values()) {
      b.append(String.format("; %s %d blocks %d bytes hit ratio %.3f", c, stats.blocks(c),
          stats.bytes(c), stats.hitRatio(c)));
    }
    if (tier.equals("L2")) {
      b.append("; fragmented ").append(fragmentedBytes).append(", dropped inserts ")
          .append(droppedInserts).append(", held by readers ").append(heldByReaders);
    }
    return b.toString();
  }
}
