/**
 * Data block encodings (NONE, PREFIX, FAST_DIFF, ROW_INDEX_V1): the layout of cells inside one
 * data block.
 * Knows cells and bytes; nothing of files, caches or regions.
 */
package io.strata.server.blockfile.encoding;
