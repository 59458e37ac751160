package io.strata.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.RegionLocation;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The sorted cache of one table: floor lookups, overlap removal, exact removal. */
class RegionCacheTest {
  static final TableName T = TableName.valueOf("t");
  static final ServerName S1 = ServerName.valueOf("host1", 16020, 1);
  static final ServerName S2 = ServerName.valueOf("host2", 16020, 1);
  static final ServerName S3 = ServerName.valueOf("host3", 16020, 1);

  private final RegionCache cache = new RegionCache();

  /** Region [start, end) of table t with the given id; "" is the open end. */
  static RegionInfo region(String start, String end, long id) {
    return RegionInfo.newBuilder(T).setStartKey(Bytes.toBytes(start))
        .setEndKey(Bytes.toBytes(end)).setRegionId(id).build();
  }

  static RegionLocation at(RegionInfo r, ServerName s) {
    return new RegionLocation(r, s);
  }

  /** The cache as "[start,end)@host ..." in key order. */
  private String contents() {
    return cache.all().stream().map(l -> "[" + Bytes.toString(l.region().getStartKey()) + ","
        + Bytes.toString(l.region().getEndKey()) + ")@" + l.server().host())
        .collect(Collectors.joining(" "));
  }

  private RegionLocation find(String row) {
    return cache.find(Bytes.toBytes(row));
  }

  @Test
  void findTakesTheRegionAtOrBelowTheRowIfItReachesIt() {
    RegionLocation first = at(region("", "c", 1), S1);
    RegionLocation third = at(region("f", "", 1), S2);
    cache.add(first);
    cache.add(third);
    assertSame(first, find(""));
    assertSame(first, find("b"));
    assertNull(find("c"), "[c,f) is not cached: a gap, not the region below");
    assertNull(find("e"));
    assertSame(third, find("f"));
    assertSame(third, find("zzz"));
  }

  @Test
  void endingAtAndLastServeReversedScans() {
    RegionLocation a = at(region("", "c", 1), S1);
    RegionLocation b = at(region("c", "f", 1), S1);
    cache.add(a);
    cache.add(b);
    assertSame(a, cache.endingAt(Bytes.toBytes("c")));
    assertSame(b, cache.endingAt(Bytes.toBytes("f")));
    assertNull(cache.endingAt(Bytes.toBytes("e")), "no cached region ends at e");
    assertNull(cache.last(), "the last region is not cached");
    RegionLocation z = at(region("f", "", 1), S2);
    cache.add(z);
    assertSame(z, cache.last());
  }

  @Test
  void daughtersReplaceTheirParentAndNeverShareTheCacheWithIt() {
    cache.add(at(region("", "c", 1), S1));
    cache.add(at(region("c", "m", 1), S1)); // the parent
    cache.add(at(region("m", "", 1), S1));
    cache.add(at(region("g", "m", 2), S2)); // daughter B first: the parent goes
    assertEquals("[,c)@host1 [g,m)@host2 [m,)@host1", contents());
    assertNull(find("d"), "the parent must not answer for daughter A's rows");
    cache.add(at(region("c", "g", 2), S3));
    assertEquals("[,c)@host1 [c,g)@host3 [g,m)@host2 [m,)@host1", contents());
    assertEquals(region("c", "g", 2), find("d").region());
    assertEquals(region("g", "m", 2), find("h").region());
  }

  @Test
  void aMergedRegionReplacesEveryRegionItCovers() {
    cache.add(at(region("", "c", 1), S1));
    cache.add(at(region("c", "g", 1), S1));
    cache.add(at(region("g", "m", 1), S2));
    cache.add(at(region("m", "", 1), S2));
    cache.add(at(region("b", "h", 3), S3)); // meets [,c), [c,g) and [g,m)
    assertEquals("[b,h)@host3 [m,)@host2", contents());
    cache.add(at(region("", "", 4), S1)); // the whole table
    assertEquals("[,)@host1", contents());
  }

  @Test
  void regionsThatOnlyTouchStay() {
    cache.add(at(region("", "c", 1), S1));
    cache.add(at(region("g", "", 1), S1));
    cache.add(at(region("c", "g", 1), S2));
    assertEquals("[,c)@host1 [c,g)@host2 [g,)@host1", contents());
  }

  @Test
  void removeDropsOnlyTheLocationAsUsed() {
    RegionLocation used = at(region("c", "g", 1), S1);
    cache.add(used);
    assertFalse(cache.remove(at(region("c", "g", 1), S2)), "another server: newer, kept");
    assertFalse(cache.remove(at(region("c", "g", 2), S1)), "another region: kept");
    assertEquals(1, cache.size());
    assertTrue(cache.remove(used));
    assertEquals(0, cache.size());
  }

  @Test
  void removeServerDropsEveryRegionOnThatHostAndPortOnly() {
    cache.add(at(region("", "c", 1), S1));
    cache.add(at(region("c", "g", 1), S2));
    cache.add(at(region("g", "m", 1), ServerName.valueOf("host1", 16020, 99))); // restarted
    cache.add(at(region("m", "p", 1), ServerName.valueOf("host1", 16021, 1))); // other port
    cache.add(at(region("p", "", 1), S1));
    assertEquals(3, cache.removeServer(S1));
    assertEquals("[c,g)@host2 [m,p)@host1", contents());
  }

  @Test
  void movedReplacesTheServerOfTheSameRegionOrFillsAGap() {
    RegionLocation used = at(region("c", "g", 1), S1);
    cache.add(used);
    assertTrue(cache.moved(used, S2));
    assertEquals(at(region("c", "g", 1), S2), find("d"));
    // Not cached and nothing over its keys: added.
    RegionLocation gap = at(region("g", "m", 1), S1);
    assertTrue(cache.moved(gap, S3));
    assertEquals("[c,g)@host2 [g,m)@host3", contents());
  }

  @Test
  void movedKeepsNewerRegionsOverTheSameKeys() {
    RegionLocation parent = at(region("c", "m", 1), S1);
    cache.add(at(region("c", "g", 2), S2)); // daughter A, same start key
    assertFalse(cache.moved(parent, S3));
    cache.add(at(region("", "c", 1), S1));
    RegionLocation daughterB = at(region("g", "m", 2), S2);
    cache.remove(at(region("c", "g", 2), S2));
    cache.add(at(region("f", "h", 3), S2)); // a newer region over g's keys, from below
    assertFalse(cache.moved(daughterB, S3));
    assertEquals("[,c)@host1 [f,h)@host2", contents());
  }
}
