/**
 * The read path: cell sources over memstore segments, block files and halves of block files
 * (a daughter region's references), the merging heap, scan specifications and the row matcher
 * that applies versions, deletes, TTL, time ranges and filters. Knows nothing of regions.
 */
package io.strata.server.scan;
