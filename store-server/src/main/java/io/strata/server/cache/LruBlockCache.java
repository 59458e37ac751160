package io.strata.server.cache;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The on-heap L1 block cache: least recently used first, in three priority groups
 * ({@link BlockPriority}) with shares of the capacity (single 25%, multi 50%, in-memory 25% by
 * default). A group may use more than its share while others use less.
 *
 * <p>Eviction runs in the thread whose insert took the cache past its capacity, and frees down
 * to {@code minFactor} of it in one pass: it repeatedly evicts the least recently used block of
 * the group furthest over its share (ties: single, then multi, then in-memory). So one pass of
 * a large scan, whose blocks are all SINGLE, evicts its own blocks rather than the hot set in
 * MULTI, as long as MULTI stays within its share.
 *
 * <p>Lookups and inserts are lock-free (a concurrent map; recency is a global counter stamped on
 * each access). Eviction holds {@code evictionLock}; a thread that finds it taken leaves the
 * work to the holder, which loops until the cache is within capacity.
 */
public final class LruBlockCache implements BlockCache {
  /** Shares of the capacity of the SINGLE, MULTI and MEMORY groups, in that order. */
  public static final double[] DEFAULT_SHARES = PriorityEviction.DEFAULT_SHARES;
  /** Eviction frees down to this fraction of the capacity. */
  public static final double DEFAULT_MIN_FACTOR = 0.95;

  private final long capacity;
  private final double[] shares;
  private final double minFactor;
  private final ConcurrentHashMap<BlockCacheKey, Entry> map = new ConcurrentHashMap<>();
  private final PriorityGroups groups = new PriorityGroups();
  private final AtomicLong size = new AtomicLong();
  private final ReentrantLock evictionLock = new ReentrantLock();
  private final CacheStats stats = new CacheStats();

  /** One cached block with its recency and group. */
  private static final class Entry extends CacheEntry {
    final Cacheable block;

    Entry(BlockCacheKey key, Cacheable block, long bytes, BlockPriority priority) {
      super(key, bytes, priority);
      this.block = block;
    }
  }

  public LruBlockCache(long capacity) {
    this(capacity, DEFAULT_SHARES, DEFAULT_MIN_FACTOR);
  }

  public LruBlockCache(long capacity, double[] shares, double minFactor) {
    if (capacity <= 0) {
      throw new IllegalArgumentException("block cache capacity must be positive, was "
          + capacity);
    }
    if (shares.length != 3 || Math.abs(shares[0] + shares[1] + shares[2] - 1) > 1e-9) {
      throw new IllegalArgumentException("the single, multi and in-memory shares must add up "
          + "to 1");
    }
    if (minFactor <= 0 || minFactor > 1) {
      throw new IllegalArgumentException("the eviction floor must be in (0, 1], was "
          + minFactor);
    }
    this.capacity = capacity;
    this.shares = shares.clone();
    this.minFactor = minFactor;
  }

  /** Capacity as a fraction of the maximum heap. */
  public static LruBlockCache ofHeapFraction(double fraction) {
    return new LruBlockCache((long) (Runtime.getRuntime().maxMemory() * fraction));
  }

  @Override
  public Cacheable get(BlockCacheKey key, BlockCategory category, boolean countStats) {
    Entry e = map.get(key);
    if (e == null) {
      if (countStats) {
        stats.miss(category);
      }
      return null;
    }
    groups.accessed(e, map);
    if (countStats) {
      stats.hit(e.block.category());
    }
    return e.block;
  }

  @Override
  public void put(BlockCacheKey key, Cacheable block, boolean inMemory) {
    long bytes = block.heapSize() + BlockCacheKey.HEAP_OVERHEAD;
    if (bytes > capacity / 10) {
      return; // one block must not push out a tenth of the cache
    }
    Entry e = new Entry(key, block, bytes,
        inMemory ? BlockPriority.MEMORY : BlockPriority.SINGLE);
    if (map.putIfAbsent(key, e) != null) {
      return;
    }
    groups.added(e);
    stats.added(block.category(), bytes);
    if (size.addAndGet(bytes) > capacity) {
      evict();
    }
  }

  @Override
  public boolean evict(BlockCacheKey key) {
    Entry e = map.get(key);
    return e != null && remove(e, false);
  }

  @Override
  public int evictFile(String file) {
    int n = 0;
    for (Entry e : map.values()) {
      if (e.key.file().equals(file) && remove(e, false)) {
        n++;
      }
    }
    return n;
  }

  private boolean remove(Entry e, boolean forSpace) {
    if (!groups.remove(e, map)) {
      return false;
    }
    size.addAndGet(-e.bytes);
    stats.removed(e.block.category(), e.bytes);
    if (forSpace) {
      stats.evicted(e.block.category());
    }
    return true;
  }

  private void evict() {
    if (!evictionLock.tryLock()) {
      return; // the holder loops until the cache fits
    }
    try {
      while (size.get() > capacity) {
        evictDownTo((long) (capacity * minFactor));
      }
    } finally {
      evictionLock.unlock();
    }
  }

  /** One pass: the groups' blocks least recently used first, from the group most over share. */
  private void evictDownTo(long target) {
    groups.evict(map.values(), capacity, shares, () -> size.get() <= target,
        e -> remove(e, true));
  }

  @Override
  public CacheStats stats() {
    return stats;
  }

  @Override
  public long capacity() {
    return capacity;
  }

  @Override
  public long size() {
    return size.get();
  }

  @Override
  public java.util.List<CacheReport> report() {
    long used = size();
    return java.util.List.of(new CacheReport("L1", capacity, used, Math.max(0, capacity - used),
        blockCount(), stats, 0, 0, 0));
  }

  /** Bytes held by one priority group. */
  public long size(BlockPriority p) {
    return groups.size(p);
  }

  @Override
  public long blockCount() {
    return map.size();
  }

  @Override
  public String toString() {
    return "LruBlockCache{capacity=" + capacity + ", size=" + size() + ", blocks="
        + blockCount() + ", " + stats + "}";
  }
}
