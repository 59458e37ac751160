package io.strata.server.cache;

/**
 * What a block cache holds: a block that knows its size and category. Must not change. A block
 * a cache hands out in place from its own memory (see {@link CacheableCodec#read}) holds that
 * memory until {@link #release()}.
 */
public interface Cacheable {
  /** Approximate heap bytes the block keeps alive. */
  long heapSize();

  BlockCategory category();

  /** Gives back the cache memory the block points into; nothing for a block on the heap. */
  default void release() {}
}
