/**
 * The read path: cell sources over memstore segments and block files, the merging heap, scan
 * specifications and the row matcher that applies versions, deletes and time ranges.
 */
package io.strata.server.scan;
