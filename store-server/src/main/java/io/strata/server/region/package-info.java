/**
 * Regions: a table's key range with a store per family, the atomic write path (row locks, MVCC,
 * WAL, memstore), gets and scans, flush, open with WAL replay, and close. Uses the WAL, block
 * file, memstore and scan packages; none of them may import this one.
 */
package io.strata.server.region;
