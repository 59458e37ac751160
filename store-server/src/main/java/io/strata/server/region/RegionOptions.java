package io.strata.server.region;

import io.strata.common.conf.RegionKeys;
import io.strata.common.conf.StrataConfiguration;

/** Tunables of a region; see {@link RegionKeys}. */
public record RegionOptions(long flushSize, long rowLockTimeoutMillis, boolean scanSeek) {
  public RegionOptions(long flushSize, long rowLockTimeoutMillis) {
    this(flushSize, rowLockTimeoutMillis, true);
  }

  public static RegionOptions from(StrataConfiguration conf) {
    return new RegionOptions(conf.get(RegionKeys.MEMSTORE_FLUSH_SIZE),
        conf.get(RegionKeys.ROW_LOCK_TIMEOUT).toMillis(), conf.get(RegionKeys.SCAN_SEEK));
  }
}
