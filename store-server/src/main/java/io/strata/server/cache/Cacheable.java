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

  /**
   * Gives back one reference to the cache memory the block points into; nothing for a block on
   * the heap. Each reader that got the block from a cache releases it exactly once.
   */
  default void release() {}

  /**
   * Whether the block points into cache memory (and so must be released). The cache may then
   * hand the same object to every reader of that memory, each holding its own reference.
   */
  default boolean holdsCacheMemory() {
    return false;
  }
}
