package io.strata.client.internal;

import io.strata.client.Connection;
import io.strata.client.RegionLocation;
import io.strata.common.schema.TableName;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Test access to a connection's location cache ({@link RegionLocations}, package-private): its
 * meta read counters, its entries, and lookups without the retry loop. Lives in the cache's
 * package so that the cache needs no public test API.
 */
public final class LocationCacheProbe {
  private final RegionLocations locations;

  public LocationCacheProbe(Connection conn) {
    this.locations = ((AsyncConnectionImpl) conn.toAsyncConnection()).locations();
  }

  /** Region lookups sent to strata:meta (one reversed scan each). */
  public long metaReads() {
    return locations.metaReads();
  }

  /** Reads of meta's location from ZooKeeper. */
  public long metaLocationReads() {
    return locations.metaLocationReads();
  }

  /** One lookup, as an operation's attempt makes it (no retries). */
  public CompletableFuture<RegionLocation> locate(TableName table, byte[] row, boolean reload,
      long timeoutMillis) {
    return locations.locate(table, row, reload, timeoutMillis);
  }

  /** The cached location of the region holding {@code row}, or null. */
  public RegionLocation cached(TableName table, byte[] row) {
    return locations.cachedLocation(table, row);
  }

  /** The table's cached locations in key order. */
  public List<RegionLocation> cached(TableName table) {
    return locations.cachedLocations(table);
  }

  /** Reports a failed call on {@code used}, as the callers do. */
  public boolean onError(RegionLocation used, Throwable error) {
    return locations.onError(used, error);
  }
}
