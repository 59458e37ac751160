/**
 * Regions that split by themselves: a {@link io.strata.server.regionserver.split.SplitPolicy}
 * says at what size, and {@link io.strata.server.regionserver.split.AutoSplitter} asks the
 * master to split a region that reached it, after a flush or compaction.
 */
package io.strata.server.regionserver.split;
