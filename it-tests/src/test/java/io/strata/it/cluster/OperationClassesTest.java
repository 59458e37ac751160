package io.strata.it.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Append;
import io.strata.client.CheckAndMutate;
import io.strata.client.CheckAndMutateResult;
import io.strata.client.Connection;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.RowMutations;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.client.TimeRange;
import io.strata.common.cell.Cell;
import io.strata.common.filter.CompareOperator;
import io.strata.common.filter.ByteArrayComparable.BinaryComparator;
import io.strata.common.filter.ValueFilter;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.Durability;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The operation classes end to end, through a live region server: cell TTLs (expiry in gets and
 * scans, not in raw scans; dropped by major compaction; bounded by the family TTL), per-mutation
 * durability inside a batch across a server crash, check-and-mutate answering an increment's
 * values and honouring its time range, time ranges on increments, appends and families, and
 * attributes on every operation. No test sleeps a fixed time: expired cells are written with
 * old timestamps, and what must happen later is polled for with a deadline.
 */
class OperationClassesTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final Duration DEADLINE = Duration.ofSeconds(60);

  @TempDir
  static Path dir;
  private static MiniCluster cluster;
  private static Connection conn;

  @BeforeAll
  static void start() throws IOException {
    cluster = MiniCluster.start(dir.resolve("shared"), 1);
    conn = cluster.connect();
  }

  @AfterAll
  static void stop() throws IOException {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static byte[] b(String s) {
    return Bytes.toBytes(s);
  }

  /** A table with family f (no TTL) and family g (TTL one hour). */
  private static Table table(Connection c, String name) throws IOException {
    try (Admin admin = c.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(TableName.valueOf(name))
          .setColumnFamily(ColumnFamilyDescriptor.newBuilder("f").setMaxVersions(5).build())
          .setColumnFamily(ColumnFamilyDescriptor.newBuilder("g").setMaxVersions(5)
              .setTimeToLive(3600).build())
          .build());
    }
    return c.getTable(TableName.valueOf(name));
  }

  private static List<String> scan(Table t, Scan scan) throws IOException {
    List<String> out = new ArrayList<>();
    try (ResultScanner s = t.getScanner(scan)) {
      for (Result r : s) {
        for (Cell c : r.rawCells()) {
          out.add(Bytes.toString(r.getRow()) + "/" + Bytes.toString(c.getFamilyArray(),
              c.getFamilyOffset(), c.getFamilyLength()) + ":" + Bytes.toString(
              c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength()) + "@"
              + c.getTimestamp() + "/" + c.getType());
        }
      }
    }
    return out;
  }

  private static void waitFor(BooleanSupplier condition, String what) {
    MiniCluster.waitFor(condition, DEADLINE, what);
  }

  private static boolean has(Table t, Get get) {
    try {
      return !t.get(get).isEmpty();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  @Test
  void aCellTtlHidesTheCellFromGetsAndScansButNotRawScansAndCompactionDropsIt()
      throws Exception {
    Table t = table(conn, "ttl");
    long now = System.currentTimeMillis();
    long old = now - 600_000; // ten minutes ago
    // Written ten minutes ago with a one-minute TTL: expired on arrival.
    t.put(new Put(b("r1"), old).addColumn(F, b("gone"), b("x")).setTTL(60_000));
    // Same age, a one-day TTL: alive.
    t.put(new Put(b("r1"), old).addColumn(F, b("kept"), b("y")).setTTL(86_400_000));
    // Two hours old with a one-day TTL, in family g whose TTL is one hour: the family wins.
    t.put(new Put(b("r2")).addColumn(G, Q, now - 7_200_000, b("z")).setTTL(86_400_000));
    // An expired increment and append are impossible to write (they stamp now), so: a counter
    // with a TTL is readable, and its cell reaches the client without its tag.
    Result counter = t.increment(new Increment(b("r3")).addColumn(F, b("n"), 5)
        .setTTL(86_400_000));
    assertEquals(5, Bytes.toLong(counter.getValue(F, b("n"))));
    assertEquals(0, counter.rawCells()[0].getTagsLength(), "tags stay on the server");

    Result r1 = t.get(new Get(b("r1")));
    assertEquals(List.of("kept"), qualifiers(r1));
    assertEquals(0, r1.rawCells()[0].getTagsLength());
    assertTrue(t.get(new Get(b("r2"))).isEmpty());
    assertEquals(List.of("r1/f:kept@" + old + "/PUT", "r3/f:n@"
        + counter.rawCells()[0].getTimestamp() + "/PUT"), scan(t, new Scan()));
    assertEquals(List.of("r1/f:gone@" + old + "/PUT", "r1/f:kept@" + old + "/PUT",
        "r2/g:q@" + (now - 7_200_000) + "/PUT"), scan(t, new Scan().setRaw(true)
        .withStopRow(b("r3"))), "raw scans show what is stored, expired or not");

    // A cell expiring while we watch: a two-second TTL from now.
    t.put(new Put(b("r4")).addColumn(F, Q, b("brief")).setTTL(2_000));
    waitFor(() -> !has(t, new Get(b("r4"))), "r4's two-second TTL to pass");
    assertEquals(1, scan(t, new Scan().withStartRow(b("r4")).setRaw(true)).size());

    // A major compaction drops the expired cells; the rest stays.
    try (Admin admin = conn.getAdmin()) {
      admin.flush(t.getName());
      admin.majorCompact(t.getName());
    }
    waitFor(() -> {
      try {
        return scan(t, new Scan().setRaw(true)).size() == 2;
      } catch (IOException e) {
        throw new AssertionError(e);
      }
    }, "the major compaction to drop the expired cells");
    assertEquals(List.of("r1/f:kept@" + old + "/PUT", "r3/f:n@"
        + counter.rawCells()[0].getTimestamp() + "/PUT"), scan(t, new Scan().setRaw(true)));
  }

  private static List<String> qualifiers(Result r) {
    List<String> out = new ArrayList<>();
    for (Cell c : r.rawCells()) {
      out.add(Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(),
          c.getQualifierLength()));
    }
    return out;
  }

  @Test
  void checkAndMutateAnswersWithTheValuesOfItsIncrementOrAppend() throws Exception {
    Table t = table(conn, "cam");
    byte[] row = b("row");
    CheckAndMutateResult first = t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifNotExists(F, b("closed")).build(new Increment(row).addColumn(F, b("visits"), 1)
            .addColumn(F, b("bytes"), 100)));
    assertTrue(first.isSuccess());
    assertEquals(1, Bytes.toLong(first.getResult().getValue(F, b("visits"))));
    assertEquals(100, Bytes.toLong(first.getResult().getValue(F, b("bytes"))));
    CheckAndMutateResult second = t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifNotExists(F, b("closed")).build(new Increment(row).addColumn(F, b("visits"), 1)));
    assertEquals(2, Bytes.toLong(second.getResult().getValue(F, b("visits"))));

    CheckAndMutateResult appended = t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifMatches(F, b("visits"), CompareOperator.EQUAL, Bytes.toBytes(2L))
        .build(new Append(row).addColumn(F, b("log"), b("two;"))));
    assertTrue(appended.isSuccess());
    assertEquals("two;", Bytes.toString(appended.getResult().getValue(F, b("log"))));

    CheckAndMutateResult quiet = t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifNotExists(F, b("closed")).build(new Increment(row).addColumn(F, b("visits"), 1)
            .setReturnResults(false)));
    assertTrue(quiet.isSuccess());
    assertTrue(quiet.getResult().isEmpty());

    t.put(new Put(row).addColumn(F, b("closed"), b("yes")));
    CheckAndMutateResult refused = t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifNotExists(F, b("closed")).build(new Increment(row).addColumn(F, b("visits"), 1)));
    assertFalse(refused.isSuccess());
    assertTrue(refused.getResult().isEmpty());
    assertEquals(3, Bytes.toLong(t.get(new Get(row)).getValue(F, b("visits"))),
        "the refused increment wrote nothing");

    // A put action still answers with an empty result.
    CheckAndMutateResult put = t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifEquals(F, b("closed"), b("yes")).build(new Put(row).addColumn(F, b("x"), b("1"))));
    assertTrue(put.isSuccess());
    assertTrue(put.getResult().isEmpty());
  }

  @Test
  void checkAndMutateTestsItsConditionInItsTimeRange() throws Exception {
    Table t = table(conn, "camtime");
    byte[] row = b("row");
    t.put(new Put(row).addColumn(F, b("gate"), 1000, b("open"))
        .addColumn(F, b("gate"), 2000, b("shut")));
    Put mark = new Put(row).addColumn(F, b("mark"), b("set"));
    assertFalse(t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifEquals(F, b("gate"), b("open")).build(mark)).isSuccess(), "the newest is 'shut'");
    assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifEquals(F, b("gate"), b("open")).timeRange(TimeRange.between(0, 1500))
        .build(mark)).isSuccess(), "in [0, 1500) the newest is 'open'");
    assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifNotExists(F, b("gate")).timeRange(TimeRange.between(3000, 4000))
        .build(new Increment(row).addColumn(F, b("n"), 1))).isSuccess(),
        "no gate cell in [3000, 4000)");
    assertFalse(t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifMatches(new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(b("open"))))
        .timeRange(TimeRange.at(2000)).build(mark)).isSuccess(),
        "a filter condition sees only the range too");
    assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(row)
        .ifMatches(new ValueFilter(CompareOperator.EQUAL, new BinaryComparator(b("open"))))
        .timeRange(TimeRange.at(1000)).build(new RowMutations(row).add(mark)))
        .isSuccess());
  }

  @Test
  void incrementsAndAppendsReadOnlyTheirTimeRange() throws Exception {
    Table t = table(conn, "rmwtime");
    byte[] row = b("row");
    t.put(new Put(row).addColumn(F, b("n"), 1000, Bytes.toBytes(5L))
        .addColumn(F, b("n"), 2000, Bytes.toBytes(100L))
        .addColumn(F, b("s"), 1000, b("old")).addColumn(F, b("s"), 2000, b("new")));
    Result inc = t.increment(new Increment(row).addColumn(F, b("n"), 1)
        .setTimeRange(0, 1500));
    assertEquals(6, Bytes.toLong(inc.getValue(F, b("n"))), "5 read in [0, 1500), not 100");
    assertTrue(inc.getColumnLatestCell(F, b("n")).getTimestamp() > 2000, "written now");
    assertEquals(6, Bytes.toLong(t.get(new Get(row)).getValue(F, b("n"))));
    assertEquals(1, Bytes.toLong(t.increment(new Increment(row).addColumn(F, b("m"), 1)
        .setTimeRange(0, 10)).getValue(F, b("m"))), "an empty range starts from 0");
    Result app = t.append(new Append(row).addColumn(F, b("s"), b("+")).setTimeRange(1000, 1001));
    assertEquals("old+", Bytes.toString(app.getValue(F, b("s"))));
  }

  @Test
  void familyTimeRangesOfGetsAndScans() throws Exception {
    Table t = table(conn, "famtime");
    long now = System.currentTimeMillis();
    t.put(new Put(b("r")).addColumn(F, Q, now - 30, b("f-old")).addColumn(F, Q, now - 10,
        b("f-new")).addColumn(G, Q, now - 30, b("g-old")).addColumn(G, Q, now - 10,
        b("g-new")));
    Result r = t.get(new Get(b("r")).setTimeRange(now - 15, now + 1)
        .setColumnFamilyTimeRange(F, now - 40, now - 20));
    assertEquals("f-old", Bytes.toString(r.getValue(F, Q)));
    assertEquals("g-new", Bytes.toString(r.getValue(G, Q)));
    assertEquals(List.of("r/f:q@" + (now - 30) + "/PUT", "r/g:q@" + (now - 10) + "/PUT"),
        scan(t, new Scan().setTimeRange(now - 15, now + 1)
            .setColumnFamilyTimeRange(F, now - 40, now - 20)));
    assertEquals(List.of("r/f:q@" + (now - 30) + "/PUT", "r/g:q@" + (now - 10) + "/PUT",
        "r/g:q@" + (now - 30) + "/PUT"), scan(t, new Scan().readAllVersions()
            .setColumnFamilyTimeRange(F, now - 40, now - 20)));
  }

  @Test
  void attributesTravelWithEveryOperation() throws Exception {
    Table t = table(conn, "attrs");
    byte[] origin = b("it-test");
    t.put(new Put(b("a")).addColumn(F, Q, b("1")).setAttribute("origin", origin));
    t.put(List.of(new Put(b("b")).addColumn(F, Q, b("2")).setAttribute("origin", origin),
        new Put(b("c")).addColumn(F, Q, b("3")).setAttribute("batch", Bytes.EMPTY)));
    t.increment(new Increment(b("a")).addColumn(F, b("n"), 1).setAttribute("origin", origin));
    t.append(new Append(b("a")).addColumn(F, b("s"), b("x")).setAttribute("origin", origin));
    t.mutateRow(new RowMutations(b("b")).add(new Delete(b("b")).addColumns(F, Q)
        .setAttribute("origin", origin)));
    assertTrue(t.checkAndMutate(CheckAndMutate.newBuilder(b("c")).ifEquals(F, Q, b("3"))
        .build(new Delete(b("c")).setAttribute("origin", origin))).isSuccess());
    Result a = t.get(new Get(b("a")).setAttribute("origin", origin));
    assertEquals("1", Bytes.toString(a.getValue(F, Q)));
    assertEquals(1, Bytes.toLong(a.getValue(F, b("n"))));
    assertEquals(List.of("a/f:n", "a/f:q", "a/f:s"), scan(t, new Scan()
        .setAttribute("origin", origin)).stream().map(s -> s.substring(0, s.indexOf('@')))
        .toList());
  }

  @Test
  void eachMutationOfABatchIsAsDurableAsItAsks(@TempDir Path own) throws Exception {
    try (MiniCluster c = MiniCluster.start(own, 2)) {
      Connection conn = c.connect();
      Table t = table(conn, "durable");
      t.put(List.of(
          new Put(b("skip")).addColumn(F, Q, b("s")).setDurability(Durability.SKIP_WAL),
          new Put(b("sync")).addColumn(F, Q, b("y")).setDurability(Durability.SYNC_WAL),
          new Put(b("async")).addColumn(F, Q, b("a")).setDurability(Durability.ASYNC_WAL),
          new Put(b("fsync")).addColumn(F, Q, b("f")).setDurability(Durability.FSYNC_WAL),
          new Put(b("table")).addColumn(F, Q, b("t"))));
      t.put(new Put(b("skip-alone")).addColumn(F, Q, b("s")).setDurability(Durability.SKIP_WAL));
      t.increment(new Increment(b("skip-counter")).addColumn(F, Q, 1)
          .setDurability(Durability.SKIP_WAL));
      t.increment(new Increment(b("sync-counter")).addColumn(F, Q, 1));
      assertEquals(8, scan(t, new Scan()).size(), "everything is visible before the crash");

      List<RegionInfo> regions;
      try (Admin admin = conn.getAdmin()) {
        regions = admin.getRegions(t.getName());
      }
      String encoded = regions.get(0).getEncodedName();
      int host = c.regionServer(0).onlineRegionNames().contains(encoded) ? 0 : 1;
      c.killRegionServer(host);

      // The reads wait for the region to reopen on the other server from the WAL.
      List<String> rows = new ArrayList<>();
      for (String s : scan(t, new Scan())) {
        rows.add(s.substring(0, s.indexOf('/')));
      }
      assertEquals(List.of("async", "fsync", "sync", "sync-counter", "table"), rows,
          "the SKIP_WAL put of the batch, the lone SKIP_WAL put and the SKIP_WAL increment are "
              + "gone; the logged ones (ASYNC_WAL synced with its batch) survived");
      assertArrayEquals(b("y"), t.get(new Get(b("sync"))).getValue(F, Q));
    }
  }
}
