package io.strata.server.cache;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of one cache tier, per block category: hits, misses and evictions. Sizes and counts
 * come from the cache itself. Thread-safe; read by metrics and the web UI.
 */
public final class CacheStats {
  private final Map<BlockCategory, LongAdder> hits = counters();
  private final Map<BlockCategory, LongAdder> misses = counters();
  private final Map<BlockCategory, LongAdder> evictions = counters();

  private static Map<BlockCategory, LongAdder> counters() {
    Map<BlockCategory, LongAdder> m = new EnumMap<>(BlockCategory.class);
    for (BlockCategory c : BlockCategory.values()) {
      m.put(c, new LongAdder());
    }
    return m;
  }

  public void hit(BlockCategory c) {
    hits.get(c).increment();
  }

  public void miss(BlockCategory c) {
    misses.get(c).increment();
  }

  /** A block evicted to make room (not one dropped because its file closed). */
  public void evicted(BlockCategory c) {
    evictions.get(c).increment();
  }

  public long hits(BlockCategory c) {
    return hits.get(c).sum();
  }

  public long misses(BlockCategory c) {
    return misses.get(c).sum();
  }

  public long evictions(BlockCategory c) {
    return evictions.get(c).sum();
  }

  public long hits() {
    return total(hits);
  }

  public long misses() {
    return total(misses);
  }

  public long evictions() {
    return total(evictions);
  }

  /** Hits over lookups, 0 before any lookup. */
  public double hitRatio() {
    long h = hits();
    long all = h + misses();
    return all == 0 ? 0 : (double) h / all;
  }

  private static long total(Map<BlockCategory, LongAdder> m) {
    long n = 0;
    for (LongAdder a : m.values()) {
      n += a.sum();
    }
    return n;
  }

  @Override
  public String toString() {
    return "hits=" + hits() + " misses=" + misses() + " evictions=" + evictions()
        + String.format(" hitRatio=%.3f", hitRatio());
  }
}
