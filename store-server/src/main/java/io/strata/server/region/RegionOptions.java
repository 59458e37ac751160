package io.strata.server.region;

import io.strata.common.conf.RegionKeys;
import io.strata.common.conf.StrataConfiguration;

/** Tunables of a region; see {@link RegionKeys}. */
public record RegionOptions(long flushSize, long rowLockTimeoutMillis) {
  public static RegionOptions from(StrataConfiguration conf) {
    return new RegionOptions(conf.get(RegionKeys.MEMSTORE_FLUSH_SIZE),
        conf.get(RegionKeys.ROW_LOCK_TIMEOUT).toMillis());
  }
}
