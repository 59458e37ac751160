package io.strata.server.cache;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counters of one cache tier, per block category: hits, misses and evictions, and what the tier
 * holds now (bytes and blocks). Thread-safe; read by metrics and the web UI (see
 * {@link CacheReport}).
 */
public final class CacheStats {
  private final Map<BlockCategory, LongAdder> hits = counters();
  private final Map<BlockCategory, LongAdder> misses = counters();
  private final Map<BlockCategory, LongAdder> evictions = counters();
  private final Map<BlockCategory, LongAdder> bytes = counters();
  private final Map<BlockCategory, LongAdder> blocks = counters();

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

  /** The tier now holds one more block of {@code size} bytes. */
  public void added(BlockCategory c, long size) {
    bytes.get(c).add(size);
    blocks.get(c).increment();
  }

  /** The tier let go of a block of {@code size} bytes (evicted, dropped or replaced). */
  public void removed(BlockCategory c, long size) {
    bytes.get(c).add(-size);
    blocks.get(c).decrement();
  }

  /** Bytes the tier holds in blocks of this category (as it accounts them: heap or slot size). */
  public long bytes(BlockCategory c) {
    return bytes.get(c).sum();
  }

  public long blocks(BlockCategory c) {
    return blocks.get(c).sum();
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
    return ratio(hits(), misses());
  }

  public double hitRatio(BlockCategory c) {
    return ratio(hits(c), misses(c));
  }

  private static double ratio(long hits, long misses) {
    long all = hits + misses;
    return all == 0 ? 0 : (double) hits / all;
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
