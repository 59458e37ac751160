/**
 * The storage seam: how Strata reaches Hadoop {@code FileSystem} for its root directory. Knows
 * nothing of regions, WALs or block files.
 */
package io.strata.server.fs;
