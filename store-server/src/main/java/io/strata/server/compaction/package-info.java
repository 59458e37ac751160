/**
 * Compaction policy (which files to merge) and pacing (how fast to write), apart from the
 * mechanism in the region's store. Imports nothing of regions.
 */
package io.strata.server.compaction;
