/**
 * The L2 bucket cache's parts: where blocks are stored ({@link
 * io.strata.server.cache.bucket.IOEngine}: direct memory or a file) and how its space is carved
 * up ({@link io.strata.server.cache.bucket.BucketAllocator}: buckets of one size class each).
 *
 * <pre>
 *  engine space: | bucket 0 (class 9 KiB)  | bucket 1 (free) | bucket 2 (class 65 KiB) | ...
 *                | slot | slot | ... | slot |                 | slot     | slot     | ...
 * </pre>
 *
 * Knows bytes and offsets only: must not import block files or regions.
 */
package io.strata.server.cache.bucket;
