/**
 * Block compression codecs (NONE, GZ, SNAPPY, LZ4, ZSTD) behind {@link
 * io.strata.server.compress.BlockCompressor}. Knows bytes only: nothing of cells, files or regions.
 */
package io.strata.server.compress;
