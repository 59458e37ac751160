package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.CF2;
import static io.strata.server.region.RegionFixture.put;
import static io.strata.server.region.RegionFixture.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.filter.CompareOperator;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a mutation or read carries besides its cells, on one region: a mutation's cell TTL,
 * per-edit durability in a batch, family time ranges, the time range and TTL of increments and
 * appends, and the time range of a check-and-mutate condition.
 */
class OperationOptionsTest {
  private static final long NOW = 1_000_000;
  private static final byte[] R = Bytes.toBytes("r");

  @TempDir
  java.nio.file.Path tmp;

  private static RegionFixture region(java.nio.file.Path dir, ColumnFamilyDescriptor.Builder cf1)
      throws IOException {
    RegionFixture f = new RegionFixture(dir, RegionFixture.table(cf1, 10), null,
        RegionFixture.compactions(false, 1000));
    f.fakeNow.set(NOW);
    return f;
  }

  private static RowEdit withTtl(String row, long ttl, Cell... cells) {
    return new RowEdit(Bytes.toBytes(row), List.of(cells), Durability.USE_DEFAULT, ttl,
        Map.of());
  }

  private static List<String> read(RegionFixture f, ScanSpec spec) throws IOException {
    List<String> out = new ArrayList<>();
    try (RegionScanner s = f.region.scanner(spec)) {
      List<Cell> row;
      while ((row = s.nextRow()) != null) {
        out.addAll(render(row));
      }
    }
    return out;
  }

  private static List<String> visible(RegionFixture f) throws IOException {
    return read(f, ScanSpec.all().withMaxVersions(10));
  }

  private static List<String> raw(RegionFixture f) throws IOException {
    return read(f, ScanSpec.all().withMaxVersions(10).withRaw(true));
  }

  @Test
  void aCellTtlHidesTheCellFromGetsAndScansButNotFromRawScans() throws IOException {
    try (RegionFixture f = region(tmp, ColumnFamilyDescriptor.newBuilder(CF1).setMinVersions(1))) {
      f.region.mutate(List.of(
          withTtl("r", 5_000, put("r", CF1, "q", 990_000, "expired")),
          withTtl("r", 5_000, put("r", CF1, "q", 998_000, "alive"),
              put("r", CF1, "now", CellLimits.LATEST_TIMESTAMP, "stamped")),
          new RowEdit(R, List.of(put("r", CF1, "plain", 1, "forever")))));
      List<String> alive = List.of("a:now@1000000=stamped", "a:plain@1=forever",
          "a:q@998000=alive");
      assertEquals(alive, visible(f), "MIN_VERSIONS 1 does not keep a cell past its own TTL");
      assertEquals(alive, render(f.region.get(R, ScanSpec.row(R).withMaxVersions(10))));
      assertEquals(List.of("a:now@1000000=stamped", "a:plain@1=forever", "a:q@998000=alive",
          "a:q@990000=expired"), raw(f));
      // The server stamped LATEST with its clock and tagged the cell.
      Cell stamped = f.region.get(R, ScanSpec.row(R).withColumn(CF1, Bytes.toBytes("now")))
          .get(0);
      assertEquals(5_000, Tag.ttlMillis(stamped));
      assertEquals(Tag.NO_TTL, Tag.ttlMillis(f.region.get(R, ScanSpec.row(R)
          .withColumn(CF1, Bytes.toBytes("plain"))).get(0)));

      f.fakeNow.set(1_003_000); // q@998000 expires at 1003000: alive through that millisecond
      assertEquals(alive, visible(f));
      f.fakeNow.set(1_003_001);
      assertEquals(List.of("a:now@1000000=stamped", "a:plain@1=forever"), visible(f));
      f.fakeNow.set(1_005_001);
      assertEquals(List.of("a:plain@1=forever"), visible(f));
    }
  }

  @Test
  void aCellTtlNeverOutlivesTheFamilyTtl() throws IOException {
    try (RegionFixture f = region(tmp, ColumnFamilyDescriptor.newBuilder(CF1)
        .setTimeToLive(60))) {
      f.region.mutate(List.of(withTtl("r", 3_600_000, put("r", CF1, "q", NOW - 120_000, "old"),
          put("r", CF1, "p", NOW - 30_000, "young"))));
      assertEquals(List.of("a:p@970000=young"), visible(f),
          "the family's 60 s TTL hides q although its own hour has not passed");
    }
  }

  @Test
  void tagsSurviveFlushAndWalReplayAndMajorCompactionDropsExpiredCells() throws IOException {
    try (RegionFixture f = region(tmp, ColumnFamilyDescriptor.newBuilder(CF1))) {
      f.region.mutate(List.of(withTtl("r", 10_000, put("r", CF1, "short", NOW, "s")),
          withTtl("r", 100_000, put("r", CF1, "long", NOW, "l"))));
      f.crash();
      f.restart(); // replayed from the WAL
      f.fakeNow.set(NOW);
      f.region.flush();
      f.mutate("r", put("r", CF2, "x", NOW, "x"));
      f.region.flush();
      f.fakeNow.set(NOW + 50_000);
      assertEquals(List.of("a:long@1000000=l", "b:x@1000000=x"), visible(f));
      assertEquals(3, raw(f).size(), "the expired cell is still stored");
      f.region.compact(true);
      assertEquals(List.of("a:long@1000000=l", "b:x@1000000=x"), raw(f),
          "a major compaction drops it");
      Path dir = new Path(RegionLayout.regionDir(f.root, f.info), "a");
      try (var file = io.strata.server.blockfile.BlockFileReader.open(f.fs,
          f.fs.listStatus(dir)[0].getPath())) {
        assertEquals(1, file.cellCount());
      }
      f.fakeNow.set(NOW + 100_001);
      assertEquals(List.of("b:x@1000000=x"), visible(f), "the TTL tag survived compaction");
    }
  }

  @Test
  void skipWalEditsStayOutOfTheWalEvenInABatchWithLoggedOnes() throws IOException {
    try (RegionFixture f = region(tmp, ColumnFamilyDescriptor.newBuilder(CF1))) {
      f.region.mutate(List.of(
          new RowEdit(Bytes.toBytes("skip"), List.of(put("skip", CF1, "q", 1, "s")),
              Durability.SKIP_WAL),
          new RowEdit(Bytes.toBytes("sync"), List.of(put("sync", CF1, "q", 1, "y")),
              Durability.SYNC_WAL),
          new RowEdit(Bytes.toBytes("async"), List.of(put("async", CF1, "q", 1, "a")),
              Durability.ASYNC_WAL),
          new RowEdit(Bytes.toBytes("table"), List.of(put("table", CF1, "q", 1, "t")))));
      f.region.mutate(List.of(new RowEdit(Bytes.toBytes("skip2"),
          List.of(put("skip2", CF1, "q", 1, "s")), Durability.SKIP_WAL)));
      assertEquals(List.of("a:q@1=a", "a:q@1=s", "a:q@1=s", "a:q@1=y", "a:q@1=t"), visible(f),
          "all visible before the crash");
      f.crash();
      f.restart();
      assertEquals(List.of("a:q@1=a", "a:q@1=y", "a:q@1=t"), visible(f),
          "after a crash only the logged edits come back from the WAL");
    }
  }

  @Test
  void onlyAnAsyncWalWriteMayKeepItsCellsAfterItReturns() throws IOException {
    try (RegionFixture f = region(tmp, ColumnFamilyDescriptor.newBuilder(CF1))) {
      for (Durability d : Durability.values()) {
        boolean kept = f.region.mutate(List.of(new RowEdit(Bytes.toBytes(d.name()),
            List.of(put(d.name(), CF1, "q", 1, "v")), d)));
        assertEquals(d == Durability.ASYNC_WAL, kept, d.name()
            + ": the WAL's queue may hold an ASYNC_WAL edit's cells; every other write copied "
            + "them into the memstore's chunks, and the WAL wrote those");
      }
      boolean kept = f.region.mutate(List.of(
          new RowEdit(Bytes.toBytes("sync"), List.of(put("sync", CF1, "q", 1, "y")),
              Durability.SYNC_WAL),
          new RowEdit(Bytes.toBytes("async"), List.of(put("async", CF1, "q", 1, "a")),
              Durability.ASYNC_WAL)));
      assertFalse(kept, "a batch synced for its SYNC_WAL edit copies all its cells");
      assertFalse(f.region.mutate(List.of()), "nothing to keep");
    }
  }

  @Test
  void aFamilyTimeRangeReplacesTheReadsRangeForThatFamilyAndReachesSkippedFiles()
      throws IOException {
    try (RegionFixture f = region(tmp, ColumnFamilyDescriptor.newBuilder(CF1))) {
      f.mutate("r", put("r", CF1, "q", 10, "a10"), put("r", CF2, "q", 10, "b10"));
      f.region.flush();
      f.mutate("r", put("r", CF1, "q", 30, "a30"), put("r", CF2, "q", 30, "b30"));
      f.region.flush();
      ScanSpec spec = ScanSpec.all().withMaxVersions(10).withTimeRange(25, Long.MAX_VALUE)
          .withFamilyTimeRange(CF1, 5, 15);
      assertEquals(List.of("a:q@10=a10", "b:q@30=b30"), read(f, spec),
          "a's range reaches the older file the read's own range skips");
      assertEquals(List.of("a:q@10=a10", "b:q@30=b30"), render(f.region.get(R,
          ScanSpec.row(R).withMaxVersions(10).withTimeRange(25, Long.MAX_VALUE)
              .withFamilyTimeRange(CF1, 5, 15))));
      assertEquals(List.of("a:q@30=a30", "b:q@30=b30"), read(f, ScanSpec.all()),
          "newest versions when no range is given");
      assertEquals(List.of("a:q@10=a10", "b:q@30=b30"), read(f, ScanSpec.all()
          .withFamilyTimeRange(CF1, 0, 20)), "versions count within the family's range");
    }
  }

  private static long counter(List<Cell> cells) {
    return Bytes.toLong(cells.get(0).getValueArray(), cells.get(0).getValueOffset());
  }

  @Test
  void incrementAndAppendReadOnlyTheirTimeRange() throws IOException {
    try (RegionFixture f = region(tmp, ColumnFamilyDescriptor.newBuilder(CF1))) {
      byte[] n = Bytes.toBytes("n");
      f.mutate("r", KeyValue.of(R, CF1, n, 1000, CellType.PUT, Bytes.toBytes(5L)),
          KeyValue.of(R, CF1, n, 2000, CellType.PUT, Bytes.toBytes(100L)));
      List<Cell> inRange = f.region.increment(R, List.of(new ColumnDelta(CF1, n, 1)),
          ReadModifyWrite.DEFAULT.withTimeRange(0, 1500));
      assertEquals(6, counter(inRange), "5 read in [0, 1500), not 100");
      assertEquals(NOW, inRange.get(0).getTimestamp());
      List<Cell> empty = f.region.increment(R, List.of(new ColumnDelta(CF1, n, 1)),
          ReadModifyWrite.DEFAULT.withTimeRange(0, 500));
      assertEquals(1, counter(empty), "nothing in [0, 500): starts from 0");
      assertEquals(2, counter(f.region.increment(R, List.of(new ColumnDelta(CF1, n, 1)),
          ReadModifyWrite.DEFAULT)), "all time: the newest, 1, written just now");

      byte[] s = Bytes.toBytes("s");
      f.mutate("r", put("r", CF1, "s", 1000, "old"), put("r", CF1, "s", 2000, "new"));
      List<Cell> appended = f.region.append(R, List.of(new ColumnAppend(CF1, s,
          Bytes.toBytes("+"))), ReadModifyWrite.DEFAULT.withTimeRange(1000, 1001));
      assertEquals(List.of("a:s@1000000=old+"), render(appended));
    }
  }

  @Test
  void incrementsAndAppendsTagTheirNewValuesAndCarryTagsForward() throws IOException {
    try (RegionFixture f = region(tmp, ColumnFamilyDescriptor.newBuilder(CF1))) {
      byte[] n = Bytes.toBytes("n");
      List<Cell> first = f.region.increment(R, List.of(new ColumnDelta(CF1, n, 1)),
          ReadModifyWrite.DEFAULT.withTtl(5_000));
      assertEquals(5_000, Tag.ttlMillis(first.get(0)));
      List<Cell> second = f.region.increment(R, List.of(new ColumnDelta(CF1, n, 1)),
          ReadModifyWrite.DEFAULT);
      assertEquals(5_000, Tag.ttlMillis(second.get(0)), "no TTL given: the current one stays");
      List<Cell> third = f.region.increment(R, List.of(new ColumnDelta(CF1, n, 1)),
          ReadModifyWrite.DEFAULT.withTtl(60_000));
      assertEquals(60_000, Tag.ttlMillis(third.get(0)));
      assertEquals(3, counter(third));
      f.fakeNow.set(NOW + 60_001);
      assertEquals(List.of(), visible(f), "the counter expired with its TTL");
      assertEquals(1, counter(f.region.increment(R, List.of(new ColumnDelta(CF1, n, 1)),
          ReadModifyWrite.DEFAULT)), "an expired counter starts again from 0");

      byte[] s = Bytes.toBytes("s");
      List<Cell> appended = f.region.append(R, List.of(new ColumnAppend(CF1, s,
          Bytes.toBytes("x"))), ReadModifyWrite.DEFAULT.withTtl(1_000));
      assertEquals(1_000, Tag.ttlMillis(appended.get(0)));
    }
  }

  @Test
  void checkAndIncrementAppliesOnlyWhenTheConditionHolds() throws IOException {
    try (RegionFixture f = region(tmp, ColumnFamilyDescriptor.newBuilder(CF1))) {
      byte[] n = Bytes.toBytes("n");
      byte[] gate = Bytes.toBytes("gate");
      f.mutate("r", put("r", CF1, "gate", 1000, "open"), put("r", CF1, "gate", 2000, "shut"));
      List<ColumnDelta> plusOne = List.of(new ColumnDelta(CF1, n, 1));
      assertNull(f.region.checkAndIncrement(R, Condition.ifEquals(CF1, gate,
          Bytes.toBytes("open")), plusOne, ReadModifyWrite.DEFAULT), "newest is 'shut'");
      assertEquals(List.of("a:gate@2000=shut", "a:gate@1000=open"), visible(f),
          "nothing was written");
      List<Cell> done = f.region.checkAndIncrement(R, Condition.ifEquals(CF1, gate,
          Bytes.toBytes("open")).withTimeRange(0, 1500), plusOne, ReadModifyWrite.DEFAULT);
      assertEquals(1, counter(done), "in [0, 1500) the gate reads 'open'");
      List<Cell> appended = f.region.checkAndAppend(R, Condition.ifNotExists(CF1, gate)
          .withTimeRange(3000, 4000), List.of(new ColumnAppend(CF1, Bytes.toBytes("log"),
          Bytes.toBytes("x"))), ReadModifyWrite.DEFAULT);
      assertEquals(List.of("a:log@1000000=x"), render(appended));
      assertNull(f.region.checkAndAppend(R, Condition.ifNotExists(CF1, gate),
          List.of(new ColumnAppend(CF1, Bytes.toBytes("log"), Bytes.toBytes("y"))),
          ReadModifyWrite.DEFAULT));
      // NOT_EQUAL with no value tests presence.
      assertEquals(2, counter(f.region.checkAndIncrement(R, new Condition(CF1, gate,
          CompareOperator.NOT_EQUAL, null), plusOne, ReadModifyWrite.DEFAULT)));
      assertNull(f.region.checkAndIncrement(R, new Condition(CF1, Bytes.toBytes("nope"),
          CompareOperator.NOT_EQUAL, null), plusOne, ReadModifyWrite.DEFAULT));
      // A put action with the condition's time range.
      assertEquals(true, f.region.checkAndMutate(R, Condition.ifEquals(CF1, gate,
          Bytes.toBytes("open")).withTimeRange(500, 1001), withTtl("r", 10,
          put("r", CF1, "p", NOW, "v"))));
      assertEquals(10, Tag.ttlMillis(f.region.get(R, ScanSpec.row(R)
          .withColumn(CF1, Bytes.toBytes("p"))).get(0)), "the action's TTL is written");
    }
  }

  @Test
  void newValuesComeBackInCellOrderWhateverTheOrderAsked() throws IOException {
    try (RegionFixture f = region(tmp, ColumnFamilyDescriptor.newBuilder(CF1))) {
      List<Cell> counters = f.region.increment(R, List.of(
          new ColumnDelta(CF2, Bytes.toBytes("a"), 1), new ColumnDelta(CF1, Bytes.toBytes("z"), 2),
          new ColumnDelta(CF1, Bytes.toBytes("b"), 3)), ReadModifyWrite.DEFAULT);
      assertEquals(List.of("a:b", "a:z", "b:a"), render(counters).stream()
          .map(c -> c.substring(0, c.indexOf('@'))).toList());
      List<Cell> appended = f.region.append(R, List.of(
          new ColumnAppend(CF1, Bytes.toBytes("y"), Bytes.toBytes("1")),
          new ColumnAppend(CF1, Bytes.toBytes("x"), Bytes.toBytes("2"))), ReadModifyWrite.DEFAULT);
      assertEquals(List.of("a:x@1000000=2", "a:y@1000000=1"), render(appended));
    }
  }

  @Test
  void badSettingsAreRefused() {
    assertEquals("a cell TTL of 0 ms: give at least 1",
        assertThrows(IllegalArgumentException.class, () -> ReadModifyWrite.DEFAULT.withTtl(0))
            .getMessage());
    assertThrows(IllegalArgumentException.class,
        () -> ReadModifyWrite.DEFAULT.withTimeRange(5, 5));
    assertThrows(IllegalArgumentException.class, () -> Condition.ifNotExists(CF1, R)
        .withTimeRange(-1, 5));
    assertThrows(IllegalArgumentException.class, () -> withTtl("r", -3));
  }
}
