/**
 * The block cache: blocks of block files kept in memory, keyed by file and offset
 * ({@link io.strata.server.cache.BlockCacheKey}). {@link io.strata.server.cache.BlockCache} is
 * the interface readers use; {@link io.strata.server.cache.LruBlockCache} is the on-heap L1 with
 * three priorities; {@link io.strata.server.cache.bucket.BucketCache} the L2, whose blocks
 * readers may use in place while they hold them; {@link io.strata.server.cache.CacheReport}
 * describes each tier. Knows files and blocks, never regions: must not import the region, master or
 * rpc packages, nor the block file package (which uses this one).
 */
package io.strata.server.cache;
