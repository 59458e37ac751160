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

  /**
   * Reads a block from {@code src}'s remaining bytes. With {@code release} null, src is the
   * reader's own copy and the block may keep it. Otherwise src is the cache's memory, which is
   * reused once {@code release} runs: the codec either copies what it needs and runs release at
   * once, or returns a block that points into src ({@link Cacheable#holdsCacheMemory()}) and
   * runs release from each {@link Cacheable#release()}: the cache may hand that one object to
   * many readers, each with a reference of its own. If read throws, release has not run: the caller runs it.
   */
  Cacheable read(ByteBuffer src, Runnable release);
}
