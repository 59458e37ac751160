/**
 * Regions: a table's key range with a store per family, the atomic write path (row locks, MVCC,
 * WAL, memstore), gets and scans, atomic row operations, flush, compaction, open with WAL
 * replay, close, and splits (daughters reading the parent's files through reference files; see
 * {@link io.strata.server.region.RegionSplitter} and docs/formats/split.md). Uses the WAL, block
 * file, memstore, compaction and scan packages; none of them may import this one.
 */
package io.strata.server.region;
