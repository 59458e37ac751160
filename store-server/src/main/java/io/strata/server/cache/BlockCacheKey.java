package io.strata.server.cache;

/**
 * A block's identity: the name of its block file (unique: files get random names and keep them
 * when moved or archived, and a daughter's reference reads its parent's file under that file's
 * name) and the block's offset in it.
 */
public record BlockCacheKey(String file, long offset) {
  /** Approximate heap bytes of a key and its map entry, for cache accounting. */
  static final long HEAP_OVERHEAD = 96;

  public BlockCacheKey {
    if (file == null || file.isEmpty()) {
      throw new IllegalArgumentException("a block cache key needs a file name");
    }
  }
}
