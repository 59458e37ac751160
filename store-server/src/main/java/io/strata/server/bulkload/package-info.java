/**
 * Bulk loading (docs/mapreduce.md, "Bulk loading"): {@link
 * io.strata.server.bulkload.BulkLoad} adds a directory of block files to a table, splitting any
 * that straddles a region boundary, and {@code bin/strata completebulkload} runs it.
 */
package io.strata.server.bulkload;
