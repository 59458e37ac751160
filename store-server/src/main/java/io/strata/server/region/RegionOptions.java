package io.strata.server.region;

import io.strata.common.conf.RegionKeys;
import io.strata.common.conf.SecurityKeys;
import io.strata.common.conf.StrataConfiguration;

/** Tunables of a region; see {@link RegionKeys}. */
public record RegionOptions(long flushSize, long rowLockTimeoutMillis, boolean scanSeek,
    int maxGetCells) {
  public RegionOptions(long flushSize, long rowLockTimeoutMillis) {
    this(flushSize, rowLockTimeoutMillis, true);
  }

  public RegionOptions(long flushSize, long rowLockTimeoutMillis, boolean scanSeek) {
    this(flushSize, rowLockTimeoutMillis, scanSeek, Integer.MAX_VALUE);
  }

  public static RegionOptions from(StrataConfiguration conf) {
    int maxGetCells = conf.get(SecurityKeys.MAX_GET_CELLS);
    if (maxGetCells < 1) {
      throw new IllegalArgumentException(SecurityKeys.MAX_GET_CELLS.name() + " is " + maxGetCells
          + " (from " + conf.sourceOf(SecurityKeys.MAX_GET_CELLS.name())
          + "); give a limit of at least 1");
    }
    return new RegionOptions(conf.get(RegionKeys.MEMSTORE_FLUSH_SIZE),
        conf.get(RegionKeys.ROW_LOCK_TIMEOUT).toMillis(), conf.get(RegionKeys.SCAN_SEEK),
        maxGetCells);
  }
}
