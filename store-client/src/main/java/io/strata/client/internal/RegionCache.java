package io.strata.client.internal;

import io.strata.client.RegionLocation;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;

/**
 * The cached locations of one table's regions, sorted by start key. No I/O: {@link TableLocations}
 * fills it from meta and {@link RegionLocations} drops what errors prove stale.
 *
 * <p>Invariant: the cached regions never overlap. Adding a region first removes every cached
 * region whose key range meets its own, so after a split a stale parent cannot shadow a daughter
 * (nor a stale daughter the region it became part of). The newest information wins: meta rows
 * read later, or a server's word that the region moved.
 *
 * <p>Locking: readers do not lock (the map is concurrent; a reader racing a writer may see a
 * region missing, which is a miss, never an overlap, because writers remove before they put).
 * Writers hold this object's monitor, so that remove-then-put is not interleaved with another
 * writer's.
 */
final class RegionCache {
  private final ConcurrentSkipListMap<byte[], RegionLocation> byStart =
      new ConcurrentSkipListMap<>(Bytes::compare);

  /** The region holding {@code row}: the one starting at or below it, if it reaches the row. */
  RegionLocation find(byte[] row) {
    Map.Entry<byte[], RegionLocation> e = byStart.floorEntry(row);
    return e != null && e.getValue().region().containsRow(row) ? e.getValue() : null;
  }

  /** The region ending at {@code startKey} (not empty): the region just below the one there. */
  RegionLocation endingAt(byte[] startKey) {
    Map.Entry<byte[], RegionLocation> e = byStart.lowerEntry(startKey);
    return e != null && !e.getValue().region().isLast()
        && Bytes.equals(e.getValue().region().getEndKey(), startKey) ? e.getValue() : null;
  }

  /** The table's last region (no end key), if cached. */
  RegionLocation last() {
    Map.Entry<byte[], RegionLocation> e = byStart.lastEntry();
    return e != null && e.getValue().region().isLast() ? e.getValue() : null;
  }

  /** Caches {@code loc}, first removing every cached region its key range overlaps. */
  synchronized void add(RegionLocation loc) {
    removeOverlapping(loc.region());
    byStart.put(loc.region().getStartKey(), loc);
  }

  /** Drops {@code loc} if it is still what is cached for its region (same region and server). */
  synchronized boolean remove(RegionLocation loc) {
    return byStart.remove(loc.region().getStartKey(), loc);
  }

  /** Drops every region cached on {@code server} (its host and port, whatever its start code). */
  synchronized int removeServer(ServerName server) {
    int n = 0;
    for (var it = byStart.values().iterator(); it.hasNext(); ) {
      if (sameAddress(it.next().server(), server)) {
        it.remove();
        n++;
      }
    }
    return n;
  }

  /**
   * Records that {@code used}'s region is now on {@code to}: its entry is replaced, or, when the
   * region is not cached and nothing cached overlaps it, added. An entry for a different region
   * over the same keys is newer knowledge and stays. Returns whether the cache now holds the
   * region on {@code to}.
   */
  synchronized boolean moved(RegionLocation used, ServerName to) {
    RegionInfo region = used.region();
    RegionLocation now = byStart.get(region.getStartKey());
    if (now != null ? !now.region().equals(region) : !overlapping(region).isEmpty()) {
      return false;
    }
    byStart.put(region.getStartKey(), new RegionLocation(region, to));
    return true;
  }

  int size() {
    return byStart.size();
  }

  /** Every cached location, in key order (for tests and diagnostics). */
  List<RegionLocation> all() {
    return new ArrayList<>(byStart.values());
  }

  static boolean sameAddress(ServerName a, ServerName b) {
    return a != null && b != null && a.host().equals(b.host()) && a.port() == b.port();
  }

  private void removeOverlapping(RegionInfo r) {
    for (byte[] start : overlapping(r)) {
      byStart.remove(start);
    }
  }

  /** Start keys of the cached regions whose ranges meet {@code r}'s. */
  private List<byte[]> overlapping(RegionInfo r) {
    List<byte[]> out = new ArrayList<>();
    // Below r's start, only the region just below can reach into r (cached regions are disjoint).
    Map.Entry<byte[], RegionLocation> below = byStart.lowerEntry(r.getStartKey());
    if (below != null && reaches(below.getValue().region(), r.getStartKey())) {
      out.add(below.getKey());
    }
    NavigableMap<byte[], RegionLocation> inside = r.isLast()
        ? byStart.tailMap(r.getStartKey(), true)
        : byStart.subMap(r.getStartKey(), true, r.getEndKey(), false);
    out.addAll(inside.keySet());
    return out;
  }

  /** Whether {@code r} (starting below {@code key}) ends after {@code key}. */
  private static boolean reaches(RegionInfo r, byte[] key) {
    return r.isLast() || Bytes.compare(r.getEndKey(), key) > 0;
  }
}
