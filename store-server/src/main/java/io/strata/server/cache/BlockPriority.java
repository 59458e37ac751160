package io.strata.server.cache;

/**
 * The LRU cache's priority groups. A block enters as SINGLE (read once) or, for families marked
 * IN_MEMORY, as MEMORY; a SINGLE block read again becomes MULTI. Each group has a share of the
 * capacity, so a large scan, which fills SINGLE, evicts its own blocks before the hot set.
 */
public enum BlockPriority {
  SINGLE,
  MULTI,
  MEMORY
}
