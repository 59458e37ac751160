package io.strata.it.cluster;

import static io.strata.it.cluster.ClusterTestSupport.table;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.RegionLocation;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.client.internal.LocationCacheProbe;
import io.strata.common.conf.ClientKeys;
import io.strata.common.error.RegionMovedException;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client's region location cache on a live cluster: prefetch, collapsed lookups, and exact
 * invalidation after a move, a split and a dead server, counted in meta reads. Every test reads
 * through a new connection (a cold cache) configured to read 10 meta rows per lookup; tables
 * are created, split and moved through another connection, as another client would.
 */
class LocationCacheTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir
  static Path dir;
  private static MiniCluster cluster;
  private static Connection other;

  @BeforeAll
  static void start() throws IOException {
    cluster = MiniCluster.start(dir, 2);
    other = cluster.connect();
  }

  @AfterAll
  static void stop() throws IOException {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** A new connection: an empty location cache, 10 meta rows per lookup. */
  private static Connection cold() throws IOException {
    return cluster.connect(cluster.configuration()
        .set(ClientKeys.META_PREFETCH_ROWS.name(), "10"));
  }

  /** Region {@code i}'s start key: regions are [, r01), [r01, r02), ... [r(n-1), ). */
  private static byte[] startOf(int i) {
    return Bytes.toBytes(String.format("r%02d", i));
  }

  /** A row of region {@code i}. */
  private static byte[] rowIn(int i) {
    return Bytes.toBytes(String.format("r%02dx", i));
  }

  private static byte[] valueOf(int i) {
    return Bytes.toBytes("v" + i);
  }

  /** Creates the table with {@code regions} regions and one row in each. */
  private static TableName create(String name, int regions) throws IOException {
    byte[][] splits = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = startOf(i);
    }
    try (Admin admin = other.getAdmin()) {
      admin.createTable(table(name, "f"), splits);
    }
    TableName t = TableName.valueOf(name);
    Table table = other.getTable(t);
    for (int i = 0; i < regions; i++) {
      table.put(new Put(rowIn(i)).addColumn(F, Q, valueOf(i)));
    }
    return t;
  }

  private static RegionLocation locate(LocationCacheProbe probe, TableName t, byte[] row)
      throws Exception {
    RegionLocation l = probe.locate(t, row, false, 30_000).get(30, TimeUnit.SECONDS);
    assertTrue(l.region().containsRow(row), l + " holds " + Bytes.toStringBinary(row));
    return l;
  }

  private static void assertRow(Table table, int i) throws IOException {
    Result r = table.get(new Get(rowIn(i)));
    assertArrayEquals(valueOf(i), r.getValue(F, Q), "row of region " + i);
  }

  /** Runs {@code n} calls from 8 threads released at once; their futures, in call order. */
  private static <T> List<CompletableFuture<T>> concurrently(int n,
      IntFunction<CompletableFuture<T>> call) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      CountDownLatch go = new CountDownLatch(1);
      List<Future<List<CompletableFuture<T>>>> threads = new ArrayList<>();
      int each = n / 8;
      for (int t = 0; t < 8; t++) {
        int first = t * each;
        int end = t == 7 ? n : first + each;
        threads.add(pool.submit(() -> {
          go.await();
          List<CompletableFuture<T>> mine = new ArrayList<>();
          for (int i = first; i < end; i++) {
            mine.add(call.apply(i));
          }
          return mine;
        }));
      }
      go.countDown();
      List<CompletableFuture<T>> all = new ArrayList<>();
      for (Future<List<CompletableFuture<T>>> t : threads) {
        all.addAll(t.get(60, TimeUnit.SECONDS));
      }
      return all;
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void oneLookupPrefetchesTheRegionsBelowIt() throws Exception {
    TableName t = create("prefetch", 20);
    try (Connection conn = cold()) {
      LocationCacheProbe probe = new LocationCacheProbe(conn);
      locate(probe, t, rowIn(19));
      assertEquals(1, probe.metaReads());
      assertEquals(1, probe.metaLocationReads(), "meta's server, from ZooKeeper");
      List<RegionLocation> cached = probe.cached(t);
      assertEquals(10, cached.size(), "the region wanted and the 9 below it");
      assertArrayEquals(startOf(10), cached.get(0).region().getStartKey());
      for (int i = 10; i < 20; i++) {
        locate(probe, t, rowIn(i));
      }
      assertEquals(1, probe.metaReads(), "regions 10..19 came with the first read");
      locate(probe, t, rowIn(9));
      assertEquals(2, probe.metaReads());
      assertEquals(20, probe.cached(t).size());
      for (int i = 0; i < 20; i++) {
        locate(probe, t, rowIn(i));
      }
      assertEquals(2, probe.metaReads());
    }
    // A reversed scan walks down: the last region and the 9 below it, then the next 10.
    try (Connection conn = cold()) {
      LocationCacheProbe probe = new LocationCacheProbe(conn);
      List<String> rows = new ArrayList<>();
      try (ResultScanner s = conn.getTable(t).getScanner(new Scan().setReversed(true))) {
        for (Result r : s) {
          rows.add(Bytes.toString(r.getRow()));
        }
      }
      List<String> expected = new ArrayList<>();
      for (int i = 19; i >= 0; i--) {
        expected.add(Bytes.toString(rowIn(i)));
      }
      assertEquals(expected, rows);
      assertEquals(2, probe.metaReads(), "20 regions, 10 per lookup");
    }
  }

  @Test
  void aThousandConcurrentLookupsOnAColdCacheShareTheirMetaReads() throws Exception {
    TableName single = create("single", 1);
    RegionInfo whole = other.getRegionLocator(single).getRegionLocation(rowIn(0)).region();
    try (Connection conn = cold()) {
      LocationCacheProbe probe = new LocationCacheProbe(conn);
      List<CompletableFuture<RegionLocation>> all = concurrently(1000,
          i -> probe.locate(single, Bytes.toBytes("row" + i), false, 30_000));
      for (CompletableFuture<RegionLocation> f : all) {
        assertEquals(whole, f.get(30, TimeUnit.SECONDS).region());
      }
      assertEquals(1, probe.metaReads(), "1,000 lookups, one meta read");
      assertEquals(1, probe.metaLocationReads());
    }
    // The same through the public API: 1,000 gets from 32 threads.
    try (Connection conn = cold()) {
      LocationCacheProbe probe = new LocationCacheProbe(conn);
      Table table = conn.getTable(single);
      ExecutorService pool = Executors.newFixedThreadPool(32);
      try {
        List<Future<Result>> gets = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
          gets.add(pool.submit(() -> table.get(new Get(rowIn(0)))));
        }
        for (Future<Result> g : gets) {
          assertArrayEquals(valueOf(0), g.get(60, TimeUnit.SECONDS).getValue(F, Q));
        }
      } finally {
        pool.shutdownNow();
      }
      assertEquals(1, probe.metaReads(), "1,000 gets, one meta read");
    }
    // 20 regions: each read caches 10. The first read is whoever came first (its region and
    // those below); then the greatest waiting row reads, so at most 1 + ceil(19 / 10) reads.
    TableName wide = create("wide", 20);
    try (Connection conn = cold()) {
      LocationCacheProbe probe = new LocationCacheProbe(conn);
      List<CompletableFuture<RegionLocation>> all = concurrently(1000,
          i -> probe.locate(wide, rowIn(i % 20), false, 30_000));
      for (int i = 0; i < all.size(); i++) {
        assertTrue(all.get(i).get(30, TimeUnit.SECONDS).region().containsRow(rowIn(i % 20)));
      }
      long reads = probe.metaReads();
      System.out.println("1,000 concurrent lookups over 20 cold regions: " + reads
          + " meta reads");
      assertTrue(reads >= 2 && reads <= 3, reads + " meta reads for 20 regions");
      assertEquals(20, probe.cached(wide).size());
    }
  }

  @Test
  void aMovedRegionIsFoundAgainWithOneMetaReadOrNoneWhenTheServerSaysWhere()
      throws Exception {
    TableName t = create("moves", 4);
    try (Connection conn = cold(); Admin admin = other.getAdmin()) {
      LocationCacheProbe probe = new LocationCacheProbe(conn);
      Table table = conn.getTable(t);
      locate(probe, t, rowIn(3));
      List<RegionLocation> before = probe.cached(t);
      assertEquals(4, before.size());
      assertEquals(1, probe.metaReads());
      RegionLocation moving = probe.cached(t, rowIn(2));
      ServerName from = moving.server();
      ServerName to = cluster.regionServer(0).serverName().equals(from)
          ? cluster.regionServer(1).serverName() : cluster.regionServer(0).serverName();
      admin.move(moving.region().getEncodedName(), to);
      assertEquals(moving, probe.cached(t, rowIn(2)), "the client has not heard yet");

      // Not serving: that entry goes, one read finds the new server, the get succeeds.
      assertRow(table, 2);
      assertEquals(2, probe.metaReads());
      assertEquals(new RegionLocation(moving.region(), to), probe.cached(t, rowIn(2)));
      for (int i : new int[] {0, 1, 3}) {
        assertEquals(before.get(i), probe.cached(t, rowIn(i)), "region " + i + " untouched");
      }

      // A server that says where the region went spares the read.
      admin.move(moving.region().getEncodedName(), from);
      RegionLocation stale = probe.cached(t, rowIn(2));
      assertFalse(probe.onError(stale, new RegionMovedException(
          moving.region().getEncodedName(), from.toString())));
      assertEquals(moving, probe.cached(t, rowIn(2)));
      assertRow(table, 2);
      assertEquals(2, probe.metaReads());
    }
  }

  @Test
  void afterASplitTheDaughtersAreFoundAndTheParentNeverReturns() throws Exception {
    TableName t = create("splits", 2);
    Table writer = other.getTable(t);
    for (int i = 2; i < 20; i++) {
      writer.put(new Put(rowIn(i)).addColumn(F, Q, valueOf(i)));
    }
    try (Connection conn = cold(); Admin admin = other.getAdmin()) {
      LocationCacheProbe probe = new LocationCacheProbe(conn);
      Table table = conn.getTable(t);
      locate(probe, t, rowIn(15));
      assertEquals(2, probe.cached(t).size());
      RegionInfo parent = probe.cached(t, rowIn(15)).region();
      admin.flush(t);
      admin.split(t, startOf(10));
      MiniCluster.waitFor(() -> openRegions(t) == 3, WAIT, "both daughters open");
      assertEquals(parent, probe.cached(t, rowIn(15)).region(), "not heard of the split yet");

      // The parent is not served: it goes; one read from row 15 finds both daughters.
      assertRow(table, 15);
      assertEquals(2, probe.metaReads());
      List<RegionLocation> now = probe.cached(t);
      assertEquals(3, now.size());
      assertArrayEquals(Bytes.EMPTY, now.get(0).region().getStartKey());
      assertArrayEquals(startOf(1), now.get(1).region().getStartKey());
      assertArrayEquals(startOf(10), now.get(1).region().getEndKey());
      assertArrayEquals(startOf(10), now.get(2).region().getStartKey());
      assertTrue(now.get(2).region().isLast());
      for (int i = 0; i < 20; i++) {
        assertNotEquals(parent, locate(probe, t, rowIn(i)).region(), "row " + i);
        assertRow(table, i);
      }
      assertEquals(2, probe.metaReads());
    }
  }

  private static int openRegions(TableName t) {
    try {
      return (int) other.getRegionLocator(t).getAllRegionLocations().stream()
          .filter(l -> l.server() != null).count();
    } catch (IOException e) {
      return -1;
    }
  }

  @Test
  void aDeadServerTakesEveryEntryOnItAlongAndOneReadFindsTheNewOnes() throws Exception {
    ServerName doomed = cluster.regionServer(cluster.startRegionServer()).serverName();
    TableName t = create("deadserver", 4);
    try (Connection conn = cold(); Admin admin = other.getAdmin()) {
      for (RegionInfo r : admin.getRegions(t)) {
        admin.move(r.getEncodedName(), doomed);
      }
      LocationCacheProbe probe = new LocationCacheProbe(conn);
      Table table = conn.getTable(t);
      locate(probe, t, rowIn(3));
      assertEquals(1, probe.metaReads());
      assertEquals(4, probe.cached(t).stream().filter(l -> l.server().equals(doomed)).count());
      int index = cluster.regionServers().indexOf(cluster.regionServers().stream()
          .filter(rs -> rs.serverName().equals(doomed)).findFirst().orElseThrow());
      cluster.stopRegionServer(index);
      MiniCluster.waitFor(() -> openRegions(t) == 4 && onlyElsewhere(t, doomed), WAIT,
          "the stopped server's regions to open elsewhere");

      // The first get cannot connect: every entry on that server goes, one read finds all 4.
      assertRow(table, 3);
      assertEquals(2, probe.metaReads(), () -> "cached " + probe.cached(t));
      assertEquals(4, probe.cached(t).size());
      assertTrue(probe.cached(t).stream().noneMatch(l -> l.server().equals(doomed)));
      for (int i = 0; i < 3; i++) {
        assertRow(table, i);
      }
      assertEquals(2, probe.metaReads());
    }
  }

  private static boolean onlyElsewhere(TableName t, ServerName gone) {
    try {
      return other.getRegionLocator(t).getAllRegionLocations().stream()
          .noneMatch(l -> gone.equals(l.server()));
    } catch (IOException e) {
      return false;
    }
  }
}
