package io.strata.server.cache;

/**
 * A cache of blocks, keyed by file and offset. Thread-safe. Readers ask {@link #get} before
 * reading a block from storage and {@link #put} what they read; a file's blocks go with
 * {@link #evictFile} when the file is closed for good.
 *
 * <pre>{@code
 * Cacheable b = cache.get(key, BlockCategory.DATA, true);
 * if (b == null) {
 *   b = readFromStorage(key);
 *   cache.put(key, b, family.isInMemory());
 * }
 * }</pre>
 */
public interface BlockCache {
  /**
   * The cached block, or null. {@code category} is what the reader expects there, for the miss
   * counts; {@code countStats} false leaves hit and miss counts alone (for probes, not reads).
   */
  Cacheable get(BlockCacheKey key, BlockCategory category, boolean countStats);

  /** Caches the block unless it is cached already; {@code inMemory} gives it MEMORY priority. */
  void put(BlockCacheKey key, Cacheable block, boolean inMemory);

  /** Drops one block; says whether it was cached. */
  boolean evict(BlockCacheKey key);

  /** Drops every block of a file; returns how many. */
  int evictFile(String file);

  CacheStats stats();

  /** Bytes the cache may hold. */
  long capacity();

  /** Bytes it holds now. */
  long size();

  /** Blocks it holds now. */
  long blockCount();

  /** A snapshot of each tier, L1 first: occupancy and statistics per block category. */
  java.util.List<CacheReport> report();
}
