package io.strata.server.cache;

import java.util.Collection;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

/**
 * One tier's bytes per priority group and the recency clock: entries join a group when cached,
 * move from single to multi access on their second read, and leave when removed, each under the
 * entry's lock so that a promotion racing a removal is counted once. Eviction follows
 * {@link PriorityEviction}. Thread-safe.
 */
public final class PriorityGroups {
  private final Map<BlockPriority, AtomicLong> sizes = new EnumMap<>(BlockPriority.class);
  private final AtomicLong clock = new AtomicLong();

  public PriorityGroups() {
    for (BlockPriority p : BlockPriority.values()) {
      sizes.put(p, new AtomicLong());
    }
  }

  /** Counts an entry that has just entered {@code index}. */
  public void added(CacheEntry e) {
    e.lastAccess = clock.incrementAndGet();
    sizes.get(e.priority).addAndGet(e.bytes);
  }

  /**
   * A read of {@code e}: it becomes the most recently used, and a single-access block still in
   * {@code index} moves to the multi-access group.
   */
  public void accessed(CacheEntry e, Map<BlockCacheKey, ? extends CacheEntry> index) {
    e.lastAccess = clock.incrementAndGet();
    if (e.priority != BlockPriority.SINGLE) {
      return;
    }
    synchronized (e) {
      if (e.priority == BlockPriority.SINGLE && index.get(e.key) == e) {
        e.priority = BlockPriority.MULTI;
        sizes.get(BlockPriority.SINGLE).addAndGet(-e.bytes);
        sizes.get(BlockPriority.MULTI).addAndGet(e.bytes);
      }
    }
  }

  /** Removes {@code e} from {@code index} and its group; false if it was gone already. */
  public <E extends CacheEntry> boolean remove(E e, Map<BlockCacheKey, E> index) {
    synchronized (e) {
      if (!index.remove(e.key, e)) {
        return false;
      }
      sizes.get(e.priority).addAndGet(-e.bytes);
    }
    return true;
  }

  /** Bytes of the entries in group {@code p}. */
  public long size(BlockPriority p) {
    return sizes.get(p).get();
  }

  /** Evicts by the shared rule until {@code enough} holds; {@code remove} may refuse. */
  public <E extends CacheEntry> int evict(Collection<E> entries, long capacity, double[] shares,
      BooleanSupplier enough, Predicate<E> remove) {
    return PriorityEviction.evict(entries, e -> e.priority, e -> e.lastAccess, this::size,
        capacity, shares, enough, remove);
  }
}
