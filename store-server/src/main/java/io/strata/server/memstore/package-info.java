/**
 * The memstore: MVCC write numbers and read points, segments (B+ trees of cells) whose cell
 * bytes live in pooled MSLAB chunks, and the active/snapshot life cycle of flushing. Knows cells
 * only; the region drives it. Must not import the region, RPC or master packages.
 */
package io.strata.server.memstore;
