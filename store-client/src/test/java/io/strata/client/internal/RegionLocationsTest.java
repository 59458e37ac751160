package io.strata.client.internal;

import static io.strata.client.internal.RegionCacheTest.S1;
import static io.strata.client.internal.RegionCacheTest.S2;
import static io.strata.client.internal.RegionCacheTest.T;
import static io.strata.client.internal.RegionCacheTest.at;
import static io.strata.client.internal.RegionCacheTest.region;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.RegionLocation;
import io.strata.common.error.CallTimeoutException;
import io.strata.common.error.NotServingRegionException;
import io.strata.common.error.RegionMovedException;
import io.strata.common.error.ServerBusyException;
import io.strata.common.error.ServerErrorException;
import io.strata.common.schema.MetaLayout;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What {@link RegionLocations#onError} does to the cache, without a cluster. */
class RegionLocationsTest {
  private final RegionLocation first = at(region("", "c", 1), S1);
  private final RegionLocation middle = at(region("c", "g", 1), S1);
  private final RegionLocation last = at(region("g", "", 1), S1);
  private final RegionLocations locations = locations(() -> S1);

  /**
   * Locations whose meta is on the server {@code source} names; no meta reads possible, so no
   * lookup waits for one and no timer is needed.
   */
  static RegionLocations locations(MetaLocation.Source source) {
    return new RegionLocations(source, new RpcChannels(null, Duration.ofSeconds(1)), 10, null);
  }

  private void cacheAll() {
    locations.add(first);
    locations.add(middle);
    locations.add(last);
  }

  private RegionLocation located(String row) throws IOException {
    return RetryingCaller.join(locations.locate(T, Bytes.toBytes(row), false, 1000));
  }

  @Test
  void notServingDropsThatRegionOnly() {
    cacheAll();
    assertTrue(locations.onError(middle, new NotServingRegionException(
        middle.region().getEncodedName(), S1.toString())));
    assertEquals(List.of(first, last), locations.cachedLocations(T));
  }

  @Test
  void aCallTimeoutDropsThatEntryOnlyNotTheServer() {
    cacheAll();
    assertTrue(locations.onError(first, new CallTimeoutException("ClientService.Get",
        "host1/10.0.0.1:16020", 100)));
    assertEquals(List.of(middle, last), locations.cachedLocations(T));
  }

  @Test
  void regionMovedPutsTheRegionOnItsNewServerWithoutAMetaRead() throws IOException {
    cacheAll();
    assertFalse(locations.onError(middle, new RegionMovedException(
        middle.region().getEncodedName(), S2.toString())), "nothing to read");
    assertEquals(at(middle.region(), S2), located("d"));
    assertEquals(0, locations.metaReads());
    assertEquals(List.of(first, at(middle.region(), S2), last), locations.cachedLocations(T));
  }

  @Test
  void aLostConnectionDropsEveryEntryOnThatServerAndMetaIfThere() throws IOException {
    TableName other = TableName.valueOf("other");
    RegionLocation elsewhere = at(RegionInfo.newBuilder(other).setRegionId(1).build(), S1);
    RegionLocation kept = at(region("g", "", 1), S2);
    locations.add(first);
    locations.add(middle);
    locations.add(kept);
    locations.add(elsewhere);
    assertEquals(S1, RetryingCaller.join(locations.locate(TableName.META, Bytes.EMPTY, false,
        1000)).server());
    assertEquals(1, locations.metaLocationReads());
    assertTrue(locations.onError(first, new ServerErrorException(S1.toString(),
        new IOException("cannot connect to host1:16020"))));
    assertEquals(List.of(kept), locations.cachedLocations(T));
    assertEquals(List.of(), locations.cachedLocations(other));
    assertNull(locations.cachedLocation(TableName.META, Bytes.EMPTY), "meta was on host1");
    RetryingCaller.join(locations.locate(TableName.META, Bytes.EMPTY, false, 1000));
    assertEquals(2, locations.metaLocationReads());
  }

  @Test
  void errorsThatProveNothingKeepTheEntry() throws IOException {
    cacheAll();
    assertFalse(locations.onError(middle, new ServerBusyException(S1.toString(), "queue full")));
    assertFalse(locations.onError(middle, new NotServingRegionException(
        first.region().getEncodedName(), S1.toString())), "about another region");
    assertFalse(locations.onError(null, new NotServingRegionException("r", "s")));
    assertEquals(middle, located("d"));
  }

  @Test
  void aLateReportOfAReplacedLocationLeavesTheNewOneAlone() {
    cacheAll();
    NotServingRegionException stale = new NotServingRegionException(
        middle.region().getEncodedName(), S1.toString());
    assertTrue(locations.onError(middle, stale));
    RegionLocation fresh = at(middle.region(), S2); // found in meta meanwhile
    locations.add(fresh);
    assertFalse(locations.onError(middle, stale), "the cache already has its new place");
    assertEquals(fresh, locations.cachedLocation(T, Bytes.toBytes("d")));
  }

  @Test
  void invalidateStillDropsOneEntryAndTheMetaLocation() throws IOException {
    cacheAll();
    locations.invalidate(middle);
    assertEquals(List.of(first, last), locations.cachedLocations(T));
    RegionLocation meta = RetryingCaller.join(locations.locate(TableName.META, Bytes.EMPTY,
        false, 1000));
    assertEquals(MetaLayout.META_REGION, meta.region());
    locations.invalidate(meta);
    assertNull(locations.cachedLocation(TableName.META, Bytes.EMPTY));
    locations.invalidateTable(T);
    assertEquals(List.of(), locations.cachedLocations(T));
  }

  @Test
  void metaMovedIsFollowedWithoutZooKeeper() throws IOException {
    RegionLocation meta = RetryingCaller.join(locations.locate(TableName.META, Bytes.EMPTY,
        false, 1000));
    assertFalse(locations.onError(meta, new RegionMovedException(
        MetaLayout.META_REGION.getEncodedName(), S2.toString())));
    assertEquals(S2, RetryingCaller.join(locations.locate(TableName.META, Bytes.EMPTY, false,
        1000)).server());
    assertEquals(1, locations.metaLocationReads());
  }

  @Test
  void prefetchRowsMustBeAtLeastOne() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> new RegionLocations(() -> S1, null, 0, null));
    assertEquals("strata.client.meta.prefetch.rows is 0; it must be at least 1 (the region "
        + "wanted)", e.getMessage());
  }
}
