package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.CF2;
import static io.strata.server.region.RegionFixture.delete;
import static io.strata.server.region.RegionFixture.put;
import static io.strata.server.region.RegionFixture.putNow;
import static io.strata.server.region.RegionFixture.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RegionTest {
  @TempDir
  java.nio.file.Path tmp;

  private RegionFixture f;

  @BeforeEach
  void setUp() throws IOException {
    f = new RegionFixture(tmp, 3);
  }

  @AfterEach
  void tearDown() throws IOException {
    f.close();
  }

  private List<String> get(String row) throws IOException {
    return render(f.region.get(Bytes.toBytes(row), ScanSpec.all().withMaxVersions(10)));
  }

  private List<String> scanRows(ScanSpec spec) throws IOException {
    List<String> rows = new ArrayList<>();
    try (RegionScanner s = f.region.scanner(spec)) {
      List<Cell> row;
      while ((row = s.nextRow()) != null) {
        rows.add(Bytes.toString(row.get(0).getRowArray(), row.get(0).getRowOffset(),
            row.get(0).getRowLength()) + " " + render(row));
      }
    }
    return rows;
  }

  @Test
  void putsAreReadBackAcrossMemstoreFlushesAndReopens() throws IOException {
    f.mutate("r1", put("r1", CF1, "q", 10, "v10"), put("r1", CF2, "x", 10, "x10"));
    f.mutate("r1", put("r1", CF1, "q", 20, "v20"));
    f.region.flush();
    f.mutate("r1", put("r1", CF1, "q", 30, "v30"));
    assertEquals(List.of("a:q@30=v30", "a:q@20=v20", "a:q@10=v10", "b:x@10=x10"), get("r1"));
    assertEquals(1, f.region.fileCount(CF1));
    f.cleanRestart();
    assertEquals(List.of("a:q@30=v30", "a:q@20=v20", "a:q@10=v10", "b:x@10=x10"), get("r1"));
    // The family keeps 3 versions: a 4th pushes the oldest out of reads.
    f.mutate("r1", put("r1", CF1, "q", 40, "v40"));
    assertEquals(List.of("a:q@40=v40", "a:q@30=v30", "a:q@20=v20", "b:x@10=x10"), get("r1"));
    assertEquals(List.of("a:q@40=v40", "b:x@10=x10"),
        render(f.region.get(Bytes.toBytes("r1"), ScanSpec.all())));
  }

  /**
   * A batch's rows are locked in row order, each once, however they come: two writers sending
   * the same rows in opposite orders, with repeats, never wait for each other forever, and
   * each edit of a repeated row is applied in batch order.
   */
  @Test
  void batchesOfRowsInAnyOrderWithRepeatsAreLockedOnceInOrder() throws Exception {
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(2);
    try {
      List<java.util.concurrent.Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < 2; w++) {
        boolean descending = w == 1;
        String value = "w" + w;
        writers.add(pool.submit(() -> {
          for (int round = 0; round < 200; round++) {
            List<RowEdit> edits = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
              String row = "r" + (char) ('a' + (descending ? 19 - i : i) % 10); // each twice
              edits.add(new RowEdit(Bytes.toBytes(row),
                  List.of(put(row, CF1, "q", 1 + round, value + "-" + round + "-" + i))));
            }
            f.region.mutate(edits);
          }
          return null;
        }));
      }
      for (java.util.concurrent.Future<?> writer : writers) {
        writer.get(60, java.util.concurrent.TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    // Row ra came at i = 0 and 10 ascending, at i = 9 and 19 descending: the later edit wins.
    String last = render(f.region.get(Bytes.toBytes("ra"), ScanSpec.all())).get(0);
    assertTrue(last.equals("a:q@200=w0-199-10") || last.equals("a:q@200=w1-199-19"), last);
  }

  @Test
  void aLaterWriteOfTheSameKeyWins() throws IOException {
    f.mutate("r", put("r", CF1, "q", 5, "old"));
    f.region.flush();
    f.mutate("r", put("r", CF1, "q", 5, "new"));
    assertEquals(List.of("a:q@5=new"), get("r"));
    f.region.flush();
    assertEquals(List.of("a:q@5=new"), get("r"));
    f.mutate("r", put("r", CF1, "q", 5, "newer"), put("r", CF1, "q", 5, "newest"));
    assertEquals(List.of("a:q@5=newest"), get("r"));
  }

  @Test
  void everyDeleteTypeMasksWhatItShould() throws IOException {
    for (String q : List.of("p", "q", "s")) {
      f.mutate("r", put("r", CF1, q, 1, q + "1"), put("r", CF1, q, 2, q + "2"),
          put("r", CF1, q, 3, q + "3"));
    }
    f.region.flush();
    f.mutate("r", delete("r", CF1, "q", 2, CellType.DELETE));
    assertEquals(List.of("a:p@3=p3", "a:p@2=p2", "a:p@1=p1", "a:q@3=q3", "a:q@1=q1", "a:s@3=s3",
        "a:s@2=s2", "a:s@1=s1"), get("r"));
    f.mutate("r", delete("r", CF1, "s", 2, CellType.DELETE_COLUMN));
    assertEquals(List.of("a:p@3=p3", "a:p@2=p2", "a:p@1=p1", "a:q@3=q3", "a:q@1=q1", "a:s@3=s3"),
        get("r"));
    f.mutate("r", delete("r", CF1, "", 3, CellType.DELETE_FAMILY_VERSION));
    assertEquals(List.of("a:p@2=p2", "a:p@1=p1", "a:q@1=q1"), get("r"));
    f.region.flush();
    f.mutate("r", delete("r", CF1, "", 1, CellType.DELETE_FAMILY), put("r", CF2, "z", 1, "z"));
    assertEquals(List.of("a:p@2=p2", "b:z@1=z"), get("r"));
    // A put newer than every marker shows again.
    f.mutate("r", put("r", CF1, "q", 9, "back"));
    assertEquals(List.of("a:p@2=p2", "a:q@9=back", "b:z@1=z"), get("r"));
    f.cleanRestart();
    assertEquals(List.of("a:p@2=p2", "a:q@9=back", "b:z@1=z"), get("r"));
  }

  @Test
  void seekingPastAFullColumnNeverSkipsAFamilyMarker() throws IOException {
    try (RegionFixture one = new RegionFixture(tmp.resolve("one"), 1)) {
      // The empty-qualifier column holds two puts and, after them, a family delete marker.
      one.mutate("r", put("r", CF1, "", 10, "e10"), put("r", CF1, "", 9, "e9"),
          put("r", CF1, "q", 4, "masked"), put("r", CF1, "q", 7, "kept"));
      one.mutate("r", delete("r", CF1, "", 5, CellType.DELETE_FAMILY));
      assertEquals(List.of("a:@10=e10", "a:q@7=kept"),
          render(one.region.get(Bytes.toBytes("r"), ScanSpec.all())));
      one.region.flush();
      assertEquals(List.of("a:q@7=kept"), render(one.region.get(Bytes.toBytes("r"),
          ScanSpec.row(Bytes.toBytes("r")).withColumn(CF1, Bytes.toBytes("q")))));
    }
  }

  @Test
  void deleteWithoutTimestampRemovesTheNewestVersion() throws IOException {
    f.mutate("r", put("r", CF1, "q", 1, "v1"), put("r", CF1, "q", 2, "v2"));
    f.mutate("r", delete("r", CF1, "q", CellLimits.LATEST_TIMESTAMP, CellType.DELETE));
    assertEquals(List.of("a:q@1=v1"), get("r"));
  }

  @Test
  void latestTimestampBecomesTheServerClock() throws IOException {
    long before = System.currentTimeMillis();
    f.mutate("r", putNow("r", CF1, "q", "v"));
    long ts = f.region.get(Bytes.toBytes("r"), ScanSpec.all()).get(0).getTimestamp();
    assertTrue(ts >= before && ts <= System.currentTimeMillis(), Long.toString(ts));
  }

  /**
   * The clock's time goes to the WAL and the memstore, while the cell given stays as it came:
   * written twice at two times, the same cell makes two versions, each read back, after a flush
   * of the memstore and after a crash's WAL replay, with its tag.
   */
  @Test
  void aCellSentForNowIsWrittenWithTheClockAndStaysAsItCame() throws IOException {
    KeyValue cell = KeyValue.of(Bytes.toBytes("r"), CF1, Bytes.toBytes("q"),
        CellLimits.LATEST_TIMESTAMP, CellType.PUT, Bytes.toBytes("value"),
        List.of(new Tag(7, Bytes.toBytes("tagged"))));
    byte[] sent = Bytes.copy(cell.getBuffer(), cell.getOffset(), cell.getLength());
    f.fakeNow.set(1_000);
    f.mutate("r", cell);
    f.fakeNow.set(2_000);
    f.mutate("r", cell);
    assertEquals(Bytes.toStringBinary(sent),
        Bytes.toStringBinary(cell.getBuffer(), cell.getOffset(), cell.getLength()));
    List<String> expected = List.of("a:q@2000=value", "a:q@1000=value");
    assertEquals(expected, get("r"));
    f.crash();
    f.restart();
    assertEquals(expected, get("r"));
    f.region.flush();
    List<Cell> read = f.region.get(Bytes.toBytes("r"), ScanSpec.all().withMaxVersions(10));
    assertEquals(expected, render(read));
    for (Cell c : read) {
      assertEquals(List.of(new Tag(7, Bytes.toBytes("tagged"))), Tag.tagsOf(c));
    }
  }

  @Test
  void scansHonourRowRangeColumnsVersionsAndTimeRange() throws IOException {
    for (int i = 0; i < 10; i++) {
      String row = "row" + i;
      f.mutate(row, put(row, CF1, "q", 1, "a" + i), put(row, CF1, "q", 2, "b" + i),
          put(row, CF2, "x", 1, "x" + i));
      if (i == 4) {
        f.region.flush();
      }
    }
    assertEquals(List.of("row3 [a:q@2=b3, b:x@1=x3]", "row4 [a:q@2=b4, b:x@1=x4]"),
        scanRows(ScanSpec.all().withRows(Bytes.toBytes("row3"), Bytes.toBytes("row5"))));
    assertEquals(List.of("row8 [b:x@1=x8]", "row9 [b:x@1=x9]"),
        scanRows(ScanSpec.all().withRows(Bytes.toBytes("row8"), Bytes.EMPTY)
            .withColumn(CF2, null)));
    assertEquals(List.of("row9 [a:q@2=b9, a:q@1=a9]"),
        scanRows(ScanSpec.all().withRows(Bytes.toBytes("row9"), Bytes.EMPTY)
            .withColumn(CF1, Bytes.toBytes("q")).withMaxVersions(5)));
    assertEquals(List.of("row0 [a:q@1=a0, b:x@1=x0]"),
        scanRows(ScanSpec.all().withRows(Bytes.EMPTY, Bytes.toBytes("row1"))
            .withTimeRange(0, 2)));
    assertEquals(10, scanRows(ScanSpec.all()).size());
  }

  @Test
  void badMutationsAreRefusedWithClearErrors() throws IOException {
    assertEquals("bad request: row key is empty; give every mutation a non-empty row key",
        assertThrows(BadRequestException.class,
            () -> f.region.mutate(List.of(new RowEdit(Bytes.EMPTY, List.of())))).getMessage());
    NoSuchFamilyException e = assertThrows(NoSuchFamilyException.class,
        () -> f.mutate("r", put("r", Bytes.toBytes("zz"), "q", 1, "v")));
    assertEquals("column family 'zz' does not exist in table 't'; valid families: a, b; add it "
        + "with alter 't', 'zz'", e.getMessage());
    assertEquals("bad request: a cell for row 'other' is in the mutation of row 'r'",
        assertThrows(BadRequestException.class,
            () -> f.mutate("r", put("other", CF1, "q", 1, "v"))).getMessage());
    assertEquals("bad request: row key of 32768 bytes exceeds the 32767-byte limit; use a "
        + "shorter row key", assertThrows(BadRequestException.class,
            () -> f.region.mutate(List.of(new RowEdit(new byte[32768], List.of()))))
        .getMessage());
    assertEquals(List.of(), get("r"));
  }

  @Test
  void acknowledgedWritesSurviveACrashAndReplayIsIdempotent() throws IOException {
    f.mutate("r1", put("r1", CF1, "q", 1, "flushed"));
    f.region.flush();
    f.mutate("r1", put("r1", CF1, "q", 2, "only-in-wal"));
    f.mutate("r2", put("r2", CF2, "x", 1, "only-in-wal-too"));
    f.crash();
    f.restart();
    assertEquals(List.of("a:q@2=only-in-wal", "a:q@1=flushed"), get("r1"));
    assertEquals(List.of("b:x@1=only-in-wal-too"), get("r2"));
    // Replaying the same WAL files again adds nothing.
    f.crash();
    f.restart();
    assertEquals(List.of("a:q@2=only-in-wal", "a:q@1=flushed"), get("r1"));
    f.mutate("r1", put("r1", CF1, "q", 3, "after"));
    assertEquals(List.of("a:q@3=after", "a:q@2=only-in-wal", "a:q@1=flushed"), get("r1"));
  }

  @Test
  void aFailedWalSyncLeavesTheEditUnacknowledgedAndInvisible() throws IOException {
    f.mutate("r", put("r", CF1, "q", 1, "ok"));
    f.fs.failSyncs.set(1);
    IOException e = assertThrows(IOException.class,
        () -> f.mutate("r", put("r", CF1, "q", 2, "lost")));
    assertEquals("injected sync failure", e.getMessage());
    assertEquals(List.of("a:q@1=ok"), get("r"));
    f.mutate("r", put("r", CF1, "q", 3, "next"));
    assertEquals(List.of("a:q@3=next", "a:q@1=ok"), get("r"));
  }

  @Test
  void theChunksABatchWasStampedIntoAreNeverReusedWhenItsWalSyncFails() throws IOException {
    // A write stamps its cells straight into the memstore's chunks. Handed to the WAL's thread,
    // a failed batch's cells may still be in its queue, so those chunks must never carry
    // another cell's bytes. (A writer that syncs its own edit is done with them when it fails.)
    f.walDirectSync = false;
    f.cleanRestart();
    f.mutate("a", put("a", CF1, "q", 1, "ok"));
    f.region.flush();
    int idle = f.pool.idleChunks();
    assertEquals(1, idle);
    f.mutate("b", put("b", CF1, "q", 1, "kept"));
    f.fs.failSyncs.set(1);
    assertThrows(IOException.class, () -> f.mutate("c", put("c", CF1, "q", 1, "lost")));
    f.region.flush();
    // b took the pooled chunk, c was stamped into it too: it is not given back.
    assertEquals(idle - 1, f.pool.idleChunks(), "the failed batch's chunk went to the collector");
    f.mutate("d", put("d", CF1, "q", 1, "later"));
    f.region.flush();
    assertEquals(idle, f.pool.idleChunks(), "a later segment's chunk is pooled again");
    assertEquals(List.of("a [a:q@1=ok]", "b [a:q@1=kept]", "d [a:q@1=later]"),
        scanRows(ScanSpec.all()));
  }

  @Test
  void aFailedWalSyncTakesBackEveryCellOfABatchOfRows() throws IOException {
    f.mutate("r5", put("r5", CF1, "q", 1, "ok"));
    long sizeBefore = f.region.memStoreSize();
    List<RowEdit> batch = new ArrayList<>();
    for (int i = 9; i >= 0; i--) { // rows out of order, two cells each, one family
      String row = "r" + i;
      batch.add(new RowEdit(Bytes.toBytes(row), List.of(put(row, CF1, "q", 2, "lost" + i),
          put(row, CF1, "p", 2, "lost" + i))));
    }
    // The same key twice, values of different lengths: the later replaces the earlier.
    batch.add(new RowEdit(Bytes.toBytes("r3"), List.of(put("r3", CF1, "z", 2, "short"),
        put("r3", CF1, "z", 2, "a longer value"))));
    f.fs.failSyncs.set(1);
    IOException e = assertThrows(IOException.class, () -> f.region.mutate(batch));
    assertEquals("injected sync failure", e.getMessage());
    assertEquals(List.of("r5 [a:q@1=ok]"), scanRows(ScanSpec.all().withMaxVersions(10)));
    assertEquals(sizeBefore, f.region.memStoreSize());
    f.region.mutate(batch);
    assertEquals(List.of("a:p@2=lost5", "a:q@2=lost5", "a:q@1=ok"), get("r5"));
    assertEquals(List.of("a:p@2=lost3", "a:q@2=lost3", "a:z@2=a longer value"), get("r3"));
    assertEquals(10, scanRows(ScanSpec.all()).size());
  }

  @Test
  void aFullLocalDiskFailsTheWriteAndTheFlushAndLosesNothing() throws IOException {
    // Hadoop's local file system throws FSError, an Error, where others throw IOException.
    f.fs.writeFailuresAsFsError = true;
    f.mutate("r", put("r", CF1, "q", 1, "ok"));
    f.fs.failWrites.set(1);
    IOException e = assertThrows(IOException.class,
        () -> f.mutate("r", put("r", CF1, "q", 2, "lost")));
    assertEquals("injected write failure", e.getMessage());
    assertEquals(List.of("a:q@1=ok"), get("r"));
    f.mutate("r", put("r", CF1, "q", 3, "next"));
    f.fs.failWrites.set(1);
    assertThrows(IOException.class, f.region::flush);
    assertEquals(0, f.region.fileCount(CF1));
    f.region.flush();
    assertEquals(1, f.region.fileCount(CF1));
    f.mutate("r", put("r", CF1, "q", 4, "in-wal"));
    f.crash();
    f.restart();
    assertEquals(List.of("a:q@4=in-wal", "a:q@3=next", "a:q@1=ok"), get("r"));
  }

  /**
   * Hadoop's local file system fails a read with FSError, an Error: the get and the compaction
   * that meet one fail as for any read error, with the IOException it wraps, and read on after.
   */
  @Test
  void aLocalDiskReadErrorFailsTheReadAsAnIoErrorAndReadsGoOn() throws IOException {
    for (int i = 0; i < 3; i++) {
      f.mutate("r", put("r", CF1, "q", 1 + i, "v" + i));
      f.region.flush();
    }
    f.cleanRestart(); // new readers open through the faulty file system
    f.fs.failReadsAsFsError.set(1);
    IOException get = assertThrows(IOException.class, () -> get("r"));
    assertEquals("injected read failure", get.getMessage());
    assertEquals(List.of("a:q@3=v2", "a:q@2=v1", "a:q@1=v0"), get("r"));
    f.fs.failReadsAsFsError.set(1);
    IOException compaction = assertThrows(IOException.class, () -> f.region.compact(true));
    assertEquals("injected read failure", compaction.getMessage());
    assertEquals(3, f.region.fileCount(CF1));
    assertEquals(3, f.region.compact(true));
    assertEquals(List.of("a:q@3=v2", "a:q@2=v1", "a:q@1=v0"), get("r"));
  }

  @Test
  void aFailedFlushLosesNothingAndIsRetried() throws IOException {
    f.mutate("r", put("r", CF1, "q", 1, "v1"));
    f.fs.failWrites.set(1);
    assertThrows(IOException.class, f.region::flush);
    assertEquals(0, f.region.fileCount(CF1));
    assertEquals(List.of("a:q@1=v1"), get("r"));
    f.mutate("r", put("r", CF1, "q", 2, "v2"));
    f.region.flush(); // writes the old snapshot; v2 waits in the new active segment
    assertEquals(1, f.region.fileCount(CF1));
    assertEquals(List.of("a:q@2=v2", "a:q@1=v1"), get("r"));
    f.cleanRestart();
    assertEquals(List.of("a:q@2=v2", "a:q@1=v1"), get("r"));
  }

  @Test
  void shortReadsStillReadCorrectlyAndCorruptReadsFailLoudly() throws IOException {
    for (int i = 0; i < 50; i++) {
      f.mutate("r" + i, put("r" + i, CF1, "q", 1, "value-" + i));
    }
    f.region.flush();
    f.cleanRestart(); // new readers open through the faulty file system
    f.fs.shortReads = true;
    for (int i = 0; i < 50; i++) {
      assertEquals(List.of("a:q@1=value-" + i), get("r" + i));
    }
    f.fs.shortReads = false;
    f.fs.corruptReads.set(1);
    io.strata.common.error.CorruptFileException e = assertThrows(
        io.strata.common.error.CorruptFileException.class, () -> get("r7"));
    assertTrue(e.getMessage().contains(": checksum mismatch in block at offset "),
        e.getMessage());
    assertEquals(List.of("a:q@1=value-7"), get("r7"), "the next read is clean again");
  }

  @Test
  void aClosedRegionServesNothing() throws IOException {
    f.region.close();
    assertThrows(io.strata.common.error.NotServingRegionException.class, () -> get("r"));
    f.region = Region.open(f.context(), f.info, f.table, List.of());
    assertNull(f.region.scanner(ScanSpec.all()).nextRow());
  }
}
