package io.strata.server.cache;

/** What a block cache holds: a block that knows its size and category. Must not change. */
public interface Cacheable {
  /** Approximate heap bytes the block keeps alive. */
  long heapSize();

  BlockCategory category();
}
