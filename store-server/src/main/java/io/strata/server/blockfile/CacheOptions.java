package io.strata.server.blockfile;

import io.strata.server.cache.BlockCache;

/**
 * How one family's block files use the block cache. Index and bloom blocks read from storage are
 * always cached (they serve every read of the file); data blocks only when the family's
 * BLOCKCACHE is on and the read does not opt out (a scan with cacheBlocks=false). On write,
 * blocks are cached as flushes and compactions write them if asked. Closing a reader for good
 * can drop its blocks.
 *
 * @param cache the cache, or null for none
 * @param cacheData the family's BLOCKCACHE
 * @param inMemory the family's IN_MEMORY: its blocks get the in-memory priority
 */
public record CacheOptions(BlockCache cache, boolean cacheData, boolean inMemory,
    boolean cacheDataOnWrite, boolean cacheIndexOnWrite, boolean cacheBloomOnWrite,
    boolean evictOnClose) {
  /** No cache at all. */
  public static final CacheOptions NONE = new CacheOptions(null, false, false, false, false,
      false, false);

  boolean enabled() {
    return cache != null;
  }

  /** Whether blocks of this type can be in the cache at all (worth looking up). */
  boolean cacheable(BlockType type) {
    return cache != null && type != BlockType.ROOT_INDEX && type != BlockType.BLOOM_INDEX
        && type != BlockType.FILE_INFO;
  }

  /** Whether a block of this type, read from storage, goes into the cache. */
  boolean cacheOnRead(BlockType type, boolean readCachesData) {
    if (cache == null) {
      return false;
    }
    return switch (type) {
      case DATA -> cacheData && readCachesData;
      case LEAF_INDEX, INTERMEDIATE_INDEX, BLOOM_CHUNK -> true;
      // Read once at open and kept by the reader itself.
      case ROOT_INDEX, BLOOM_INDEX, FILE_INFO -> false;
    };
  }

  /** Whether a block of this type, as it is written, goes into the cache. */
  boolean cacheOnWrite(BlockType type) {
    if (cache == null) {
      return false;
    }
    return switch (type) {
      case DATA -> cacheData && cacheDataOnWrite;
      case LEAF_INDEX, INTERMEDIATE_INDEX -> cacheIndexOnWrite;
      case BLOOM_CHUNK -> cacheBloomOnWrite;
      case ROOT_INDEX, BLOOM_INDEX, FILE_INFO -> false;
    };
  }
}
