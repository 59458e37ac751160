package io.strata.server.region;

import io.strata.common.conf.BlockCacheKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.server.blockfile.CacheOptions;
import io.strata.server.cache.BlockCache;

/**
 * The server's block cache and how its regions use it; each family's files get
 * {@link #forFamily} (its BLOCKCACHE and IN_MEMORY settings on top of the server's).
 *
 * @param cache the server's block cache, or null for none
 */
public record RegionCaching(BlockCache cache, boolean cacheDataOnWrite, boolean cacheIndexOnWrite,
    boolean cacheBloomOnWrite, boolean evictOnClose) {
  /** No block cache. */
  public static final RegionCaching NONE = new RegionCaching(null, false, false, false, false);

  /** The options of {@link BlockCacheKeys} around {@code cache}. */
  public static RegionCaching fromConfig(StrataConfiguration conf, BlockCache cache) {
    return new RegionCaching(cache, conf.get(BlockCacheKeys.CACHE_DATA_ON_WRITE),
        conf.get(BlockCacheKeys.CACHE_INDEX_ON_WRITE),
        conf.get(BlockCacheKeys.CACHE_BLOOM_ON_WRITE), conf.get(BlockCacheKeys.EVICT_ON_CLOSE));
  }

  CacheOptions forFamily(ColumnFamilyDescriptor family) {
    if (cache == null) {
      return CacheOptions.NONE;
    }
    return new CacheOptions(cache, family.isBlockCacheEnabled(), family.isInMemory(),
        cacheDataOnWrite, cacheIndexOnWrite, cacheBloomOnWrite, evictOnClose);
  }
}
