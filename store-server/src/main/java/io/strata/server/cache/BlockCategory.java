package io.strata.server.cache;

/** What a cached block holds, for statistics and for choosing a tier. */
public enum BlockCategory {
  DATA,
  INDEX,
  BLOOM,
  META
}
