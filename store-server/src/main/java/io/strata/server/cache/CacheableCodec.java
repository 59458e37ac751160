package io.strata.server.cache;

import java.nio.ByteBuffer;

/**
 * Turns cached blocks into bytes and back, for a cache tier that keeps bytes rather than objects
 * (the L2 bucket cache). The block file layer supplies it, so the cache stays ignorant of what a
 * block is.
 */
public interface CacheableCodec {
  /** Bytes {@link #write} will put. */
  int length(Cacheable block);

  /** Writes the block at {@code dst}'s position, advancing it by {@link #length}. */
  void write(Cacheable block, ByteBuffer dst);

  /** Reads a block from {@code src}'s remaining bytes (a heap copy; src may be reused after). */
  Cacheable read(ByteBuffer src);
}
