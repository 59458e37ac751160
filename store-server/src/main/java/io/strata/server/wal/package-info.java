/**
 * The write-ahead log: file format (docs/formats/wal.md), the disruptor-based group-commit
 * writer, rolling, archiving, and the reader used for replay. Knows regions only as opaque
 * names; must not import the region, master or RPC packages.
 */
package io.strata.server.wal;
