package io.strata.server.region;

import io.strata.server.fs.RecordFiles;
import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.CF2;
import static io.strata.server.region.RegionFixture.delete;
import static io.strata.server.region.RegionFixture.put;
import static io.strata.server.region.RegionFixture.render;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.error.BadRequestException;
import io.strata.common.error.NotServingRegionException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SplitTest {
  @TempDir
  java.nio.file.Path tmp;

  private static RegionFixture fixture(java.nio.file.Path dir, int blockSize) throws IOException {
    return new RegionFixture(dir, RegionFixture.table(
        ColumnFamilyDescriptor.newBuilder(CF1).setBlockSize(blockSize), 3), null,
        RegionFixture.compactions(false, 1000));
  }

  /** 200 rows over three flushes and the memstore, with versions and deletes of each kind. */
  private static void writeRows(RegionFixture f) throws IOException {
    for (int round = 0; round < 4; round++) {
      for (int r = 0; r < 200; r++) {
        String row = String.format("row%03d", r);
        f.mutate(row, put(row, CF1, "q" + (r % 3), 10 + round, "v" + round + "-" + r),
            put(row, CF2, "x", 5 + round, "x" + round));
        if (r % 7 == round) {
          f.mutate(row, delete(row, CF1, "q" + (r % 3), 10 + round, CellType.DELETE));
        }
        if (r % 11 == round) {
          f.mutate(row, delete(row, CF2, "", 5 + round, CellType.DELETE_FAMILY));
        }
        if (r % 13 == round) {
          f.mutate(row, delete(row, CF1, "q" + (r % 3), 10 + round, CellType.DELETE_COLUMN));
        }
      }
      if (round < 3) {
        f.region.flush();
      }
    }
  }

  /** Every row of the region as "row cells", in the scan's order. */
  static List<String> rows(Region region, boolean reversed) throws IOException {
    List<String> out = new ArrayList<>();
    try (RegionScanner s = region.scanner(ScanSpec.all().withMaxVersions(10)
        .withReversed(reversed))) {
      List<Cell> row;
      while ((row = s.nextRow()) != null) {
        out.add(Bytes.toString(row.get(0).getRowArray(), row.get(0).getRowOffset(),
            row.get(0).getRowLength()) + " " + render(row));
      }
    }
    return out;
  }

  private static Region open(RegionFixture f, RegionInfo info) throws IOException {
    return Region.open(f.context(), info, f.table, List.of());
  }

  private static String rowOf(String line) {
    return line.substring(0, line.indexOf(' '));
  }

  @Test
  void daughtersHoldExactlyTheParentsRows() throws Exception {
    for (int blockSize : new int[] {1024, 64 * 1024}) {
      try (RegionFixture f = fixture(tmp.resolve("b" + blockSize), blockSize)) {
        writeRows(f);
        List<String> before = rows(f.region, false);
        f.region.flush();
        byte[] mid = RegionSplitter.midRow(f.region);
        RegionSplitter.Daughters d = RegionSplitter.split(f.region, null);
        assertArrayEquals(mid, d.splitRow());
        assertTrue(Bytes.compare(mid, Bytes.toBytes("row020")) > 0
            && Bytes.compare(mid, Bytes.toBytes("row180")) < 0, Bytes.toString(mid));
        assertArrayEquals(Bytes.EMPTY, d.a().getStartKey());
        assertArrayEquals(mid, d.a().getEndKey());
        assertArrayEquals(mid, d.b().getStartKey());
        assertArrayEquals(Bytes.EMPTY, d.b().getEndKey());
        assertTrue(d.a().getRegionId() > f.info.getRegionId());
        assertThrows(NotServingRegionException.class,
            () -> f.region.get(Bytes.toBytes("row001"), ScanSpec.all()));

        try (Region a = open(f, d.a()); Region b = open(f, d.b())) {
          assertTrue(a.hasReferences() && b.hasReferences());
          List<String> got = new ArrayList<>(rows(a, false));
          for (String line : got) {
            assertTrue(Bytes.compare(Bytes.toBytes(rowOf(line)), mid) < 0, line);
          }
          List<String> top = rows(b, false);
          for (String line : top) {
            assertTrue(Bytes.compare(Bytes.toBytes(rowOf(line)), mid) >= 0, line);
          }
          got.addAll(top);
          assertEquals(before, got);
          // Reversed scans and gets through the halves.
          List<String> reversed = new ArrayList<>(rows(b, true));
          reversed.addAll(rows(a, true));
          List<String> expectedReversed = new ArrayList<>(before);
          Collections.reverse(expectedReversed);
          assertEquals(expectedReversed, reversed);
          for (String line : before) {
            byte[] row = Bytes.toBytes(rowOf(line));
            Region owner = Bytes.compare(row, mid) < 0 ? a : b;
            assertEquals(line, rowOf(line) + " " + render(owner.get(row,
                ScanSpec.all().withMaxVersions(10))));
          }
          // A row outside a daughter is refused, as for any region.
          assertThrows(io.strata.common.error.WrongRegionException.class, () -> a.mutate(List.of(new RowEdit(mid,
              List.of(put(Bytes.toString(mid), CF1, "q", 1, "v"))))));
        }
        assertEquals(List.of(d.a(), d.b()),
            SplitRecovery.regionsToOpen(f.fs, f.root, f.info));
        IOException reopen = assertThrows(IOException.class, () -> open(f, f.info));
        assertTrue(reopen.getMessage().contains("open the daughters instead"),
            reopen.getMessage());
      }
    }
  }

  @Test
  void compactionRewritesReferencesThenTheParentGoes() throws Exception {
    try (RegionFixture f = fixture(tmp, 1024)) {
      writeRows(f);
      List<String> before = rows(f.region, false);
      RegionSplitter.Daughters d = RegionSplitter.split(f.region, Bytes.toBytes("row100"));
      Path parentDir = RegionLayout.regionDir(f.root, f.info);
      try (Region a = open(f, d.a()); Region b = open(f, d.b())) {
        BadRequestException again = assertThrows(BadRequestException.class,
            () -> RegionSplitter.split(a, Bytes.toBytes("row050")));
        assertTrue(again.getMessage().contains("reference files"), again.getMessage());
        a.compact(true);
        assertFalse(a.hasReferences());
        assertTrue(f.fs.exists(parentDir), "b still reads the parent's files");
        b.compact(false); // a store with references compacts all of them, even when asked minor
        assertFalse(b.hasReferences());
        assertFalse(f.fs.exists(parentDir), "the parent goes once no daughter reads it");
        Path archived = new Path(RegionLayout.archiveTableDir(f.root, f.table.getTableName()),
            f.info.getEncodedName());
        assertEquals(8, countFiles(f, archived),
            "3 flushed files and the split's flush of the memstore, for each of 2 families");
        List<String> got = new ArrayList<>(rows(a, false));
        got.addAll(rows(b, false));
        assertEquals(before, got);
        assertFilesInside(f, d.a());
        assertFilesInside(f, d.b());
        assertEquals(List.of(d.a(), d.b()),
            SplitRecovery.liveRegions(f.fs, f.root, f.table.getTableName()));
        // The compacted daughter splits again, and its daughters keep its rows.
        List<String> aRows = rows(a, false);
        RegionSplitter.Daughters dd = RegionSplitter.split(a, null);
        try (Region aa = open(f, dd.a()); Region ab = open(f, dd.b())) {
          List<String> got2 = new ArrayList<>(rows(aa, false));
          got2.addAll(rows(ab, false));
          assertEquals(aRows, got2);
        }
        assertEquals(List.of(dd.a(), dd.b(), d.b()),
            SplitRecovery.liveRegions(f.fs, f.root, f.table.getTableName()));
        assertEquals(List.of(dd.a(), dd.b()), SplitRecovery.regionsToOpen(f.fs, f.root, d.a()));
        assertEquals(List.of(d.b()), SplitRecovery.regionsToOpen(f.fs, f.root, d.b()));
        assertThrows(java.io.FileNotFoundException.class,
            () -> SplitRecovery.regionsToOpen(f.fs, f.root, f.info));
      }
    }
  }

  /** A daughter's rewritten files hold only its own rows: the halves ended at the split row. */
  private static void assertFilesInside(RegionFixture f, RegionInfo daughter) throws IOException {
    Path dir = RegionLayout.regionDir(f.root, daughter);
    int files = 0;
    for (String family : List.of("a", "b")) {
      for (FileStatus st : f.fs.listStatus(new Path(dir, family))) {
        try (var r = io.strata.server.blockfile.BlockFileReader.open(f.fs, st.getPath())) {
          assertTrue(daughter.containsRow(TableModel.row(r.firstKey()))
              && daughter.containsRow(TableModel.row(r.lastKey())), st.getPath() + " of "
              + daughter + " holds rows outside it");
          files++;
        }
      }
    }
    assertEquals(2, files, "one compacted file per family");
  }

  @Test
  void damagedSplitRecordsAndReferencesAreRefusedByName() throws Exception {
    try (RegionFixture f = fixture(tmp, 1024)) {
      writeRows(f);
      RegionSplitter.Daughters d = RegionSplitter.split(f.region, Bytes.toBytes("row100"));
      Path daughterFamily = new Path(RegionLayout.regionDir(f.root, d.a()), "a");
      FileStatus ref = f.fs.listStatus(daughterFamily)[0];
      byte[] good = RecordFiles.readIfPresent(f.fs, ref.getPath());

      RecordFiles.writeSynced(f.fs, ref.getPath(), new byte[] {(byte) 0xFF, 1, 2}, true);
      io.strata.common.error.CorruptFileException garbage = assertThrows(
          io.strata.common.error.CorruptFileException.class, () -> open(f, d.a()));
      assertTrue(garbage.getMessage().contains(ref.getPath().getName())
          && garbage.getMessage().contains("not a reference record"), garbage.getMessage());

      byte[] future = io.strata.common.proto.RegionProtos.ReferenceProto.parseFrom(good)
          .toBuilder().setVersion(9).build().toByteArray();
      RecordFiles.writeSynced(f.fs, ref.getPath(), future, true);
      io.strata.common.error.CorruptFileException version = assertThrows(
          io.strata.common.error.CorruptFileException.class, () -> open(f, d.a()));
      assertTrue(version.getMessage().contains("reference format version 9 is not known"),
          version.getMessage());

      RecordFiles.writeSynced(f.fs, ref.getPath(), good, true);
      String target = ref.getPath().getName().substring(0, ref.getPath().getName().indexOf('.'));
      Path parentFile = new Path(new Path(RegionLayout.regionDir(f.root, f.info), "a"), target);
      Path aside = new Path(f.root, "aside");
      assertTrue(f.fs.rename(parentFile, aside));
      java.io.FileNotFoundException missing = assertThrows(java.io.FileNotFoundException.class,
          () -> open(f, d.a()));
      assertTrue(missing.getMessage().contains("restore the file"), missing.getMessage());
      assertTrue(f.fs.rename(aside, parentFile));
      open(f, d.a()).close();

      Path record = RegionLayout.splitRecord(RegionLayout.regionDir(f.root, f.info));
      RecordFiles.writeSynced(f.fs, record, new byte[] {(byte) 0xFF}, true);
      io.strata.common.error.CorruptFileException badRecord = assertThrows(
          io.strata.common.error.CorruptFileException.class,
          () -> SplitRecovery.liveRegions(f.fs, f.root, f.table.getTableName()));
      assertTrue(badRecord.getMessage().contains(".split")
          && badRecord.getMessage().contains("not a split record"), badRecord.getMessage());
    }
  }

  /**
   * A daughter that splits again and is cleaned up before its sibling has compacted: the table
   * stays listable, and the first parent goes once the sibling compacts.
   */
  @Test
  void nestedSplitsAndCleanUpsKeepTheTableListable() throws Exception {
    try (RegionFixture f = fixture(tmp, 1024)) {
      writeRows(f);
      List<String> before = rows(f.region, false);
      RegionSplitter.Daughters d = RegionSplitter.split(f.region, Bytes.toBytes("row100"));
      Region b = open(f, d.b());
      List<String> got = new ArrayList<>();
      try (Region a = open(f, d.a())) {
        a.compact(true);
        RegionSplitter.Daughters dd = RegionSplitter.split(a, Bytes.toBytes("row050"));
        try (Region aa = open(f, dd.a()); Region ab = open(f, dd.b())) {
          aa.compact(true);
          ab.compact(true);
          assertFalse(f.fs.exists(RegionLayout.regionDir(f.root, d.a())), "a is cleaned up");
          assertTrue(f.fs.exists(RegionLayout.regionDir(f.root, f.info)), "b still reads it");
          assertEquals(List.of(dd.a(), dd.b(), d.b()),
              SplitRecovery.liveRegions(f.fs, f.root, f.table.getTableName()));
          got.addAll(rows(aa, false));
          got.addAll(rows(ab, false));
        }
      }
      b.compact(false);
      got.addAll(rows(b, false));
      b.close();
      assertFalse(f.fs.exists(RegionLayout.regionDir(f.root, f.info)), "the first parent goes");
      assertEquals(before, got);
      assertEquals(3, SplitRecovery.liveRegions(f.fs, f.root, f.table.getTableName()).size());
    }
  }

  @Test
  void onlyOneOfTwoConcurrentSplitsHappens() throws Exception {
    try (RegionFixture f = fixture(tmp, 1024)) {
      writeRows(f);
      List<String> before = rows(f.region, false);
      java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
      java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors
          .newFixedThreadPool(2);
      List<java.util.concurrent.Future<RegionSplitter.Daughters>> results = new ArrayList<>();
      for (String row : List.of("row050", "row150")) {
        results.add(pool.submit(() -> {
          start.await();
          return RegionSplitter.split(f.region, Bytes.toBytes(row));
        }));
      }
      pool.shutdown();
      RegionSplitter.Daughters won = null;
      int refused = 0;
      for (var r : results) {
        try {
          won = r.get();
        } catch (java.util.concurrent.ExecutionException e) {
          assertTrue(e.getCause() instanceof NotServingRegionException, e.getCause().toString());
          refused++;
        }
      }
      assertEquals(1, refused);
      assertEquals(List.of(won.a(), won.b()),
          SplitRecovery.liveRegions(f.fs, f.root, f.table.getTableName()));
      try (Region a = open(f, won.a()); Region b = open(f, won.b())) {
        List<String> got = new ArrayList<>(rows(a, false));
        got.addAll(rows(b, false));
        assertEquals(before, got);
      }
    }
  }

  /** Reads racing a close either see the whole row or are told the region is not serving. */
  @Test
  void readsRacingACloseNeverSeeAnEmptyRow() throws Exception {
    for (int attempt = 0; attempt < 20; attempt++) {
      try (RegionFixture f = fixture(tmp.resolve("race" + attempt), 1024)) {
        writeRows(f);
        f.region.flush();
        String expected = rows(f.region, false).get(7);
        byte[] row = Bytes.toBytes(rowOf(expected));
        AtomicBoolean stop = new AtomicBoolean();
        List<String> wrong = java.util.Collections.synchronizedList(new ArrayList<>());
        Thread reader = new Thread(() -> {
          while (!stop.get()) {
            try {
              String got = rowOf(expected) + " " + render(f.region.get(row,
                  ScanSpec.all().withMaxVersions(10)));
              if (!got.equals(expected)) {
                wrong.add(got);
              }
            } catch (NotServingRegionException e) {
              return;
            } catch (IOException e) {
              wrong.add(e.toString());
              return;
            }
          }
        });
        reader.start();
        f.region.close();
        stop.set(true);
        reader.join();
        assertEquals(List.of(), wrong);
      }
    }
  }

  /** Closing stops a slow compaction instead of waiting for it; its inputs stay. */
  @Test
  void closeStopsARunningCompaction() throws Exception {
    CompactionService slow = RegionFixture.compactions(false, 1000, 2048);
    try (RegionFixture f = new RegionFixture(tmp, RegionFixture.table(
        ColumnFamilyDescriptor.newBuilder(CF1).setBlockSize(1024), 3), null, slow)) {
      writeRows(f);
      f.region.flush();
      List<String> before = rows(f.region, false);
      int files = f.region.fileCount(CF1);
      java.util.concurrent.CompletableFuture<Integer> compaction =
          java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
              return f.region.compact(true); // about a minute at 2 KiB/s if nothing stops it
            } catch (IOException e) {
              throw new java.util.concurrent.CompletionException(e);
            }
          });
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
      while (f.fs.listStatus(RegionLayout.tmpDir(RegionLayout.regionDir(f.root, f.info)))
          .length == 0) {
        assertTrue(System.nanoTime() < deadline && !compaction.isDone(),
            "the compaction never started writing: " + compaction);
        Thread.onSpinWait(); // until the merged file is being written
      }
      f.region.close();
      java.util.concurrent.ExecutionException stopped = assertThrows(
          java.util.concurrent.ExecutionException.class, compaction::get);
      assertTrue(stopped.getCause() instanceof java.io.InterruptedIOException,
          stopped.getCause().toString());
      f.restartWal();
      f.region = Region.open(f.context(), f.info, f.table, List.of());
      assertEquals(files, f.region.fileCount(CF1), "the inputs are all still there");
      assertEquals(before, rows(f.region, false));
    }
  }

  private static int countFiles(RegionFixture f, Path dir) throws IOException {
    int n = 0;
    for (FileStatus st : f.fs.listStatus(dir)) {
      n += st.isDirectory() ? countFiles(f, st.getPath()) : 1;
    }
    return n;
  }

  @Test
  void badSplitRequestsAreRefusedAndTheRegionKeepsServing() throws Exception {
    try (RegionFixture f = fixture(tmp, 1024)) {
      BadRequestException empty = assertThrows(BadRequestException.class,
          () -> RegionSplitter.split(f.region, null));
      assertTrue(empty.getMessage().contains("has no row to split at"), empty.getMessage());
      f.mutate("only", put("only", CF1, "q", 1, "v"));
      BadRequestException oneRow = assertThrows(BadRequestException.class,
          () -> RegionSplitter.split(f.region, null));
      assertTrue(oneRow.getMessage().contains("a single row"), oneRow.getMessage());
      BadRequestException atStart = assertThrows(BadRequestException.class,
          () -> RegionSplitter.split(f.region, Bytes.EMPTY));
      assertTrue(atStart.getMessage().contains("is not inside region"), atStart.getMessage());
      RegionSplitter.Daughters d = RegionSplitter.split(f.region, Bytes.toBytes("m"));
      try (Region b = open(f, d.b())) {
        b.compact(true);
        for (String bad : new String[] {"m", "a"}) {
          BadRequestException outside = assertThrows(BadRequestException.class,
              () -> RegionSplitter.split(b, Bytes.toBytes(bad)));
          assertTrue(outside.getMessage().contains("start 'm'"), outside.getMessage());
        }
        assertEquals(List.of("v"), List.of(Bytes.toString(b.get(Bytes.toBytes("only"),
            ScanSpec.all()).get(0).getValueArray(), b.get(Bytes.toBytes("only"),
            ScanSpec.all()).get(0).getValueOffset(), 1)));
      }
    }
  }

  @Test
  void writesRacingTheSplitAreInExactlyOneDaughterOrRefused() throws Exception {
    try (RegionFixture f = fixture(tmp, 1024)) {
      writeRows(f);
      Set<String> acked = ConcurrentHashMap.newKeySet();
      AtomicBoolean refused = new AtomicBoolean();
      List<Thread> writers = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        writers.add(new Thread(() -> {
          for (int i = 0; !refused.get(); i++) {
            String row = String.format("row%03d-t%d-%05d", (i * 37 + thread * 50) % 200, thread,
                i);
            try {
              f.mutate(row, put(row, CF1, "w", 1, row));
              acked.add(row);
            } catch (NotServingRegionException e) {
              refused.set(true);
              return;
            } catch (IOException e) {
              throw new IllegalStateException(e);
            }
          }
        }));
      }
      writers.forEach(Thread::start);
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
      while (acked.size() < 500) {
        assertTrue(System.nanoTime() < deadline, "writers stalled at " + acked.size());
        Thread.onSpinWait();
      }
      RegionSplitter.Daughters d = RegionSplitter.split(f.region, Bytes.toBytes("row100"));
      for (Thread t : writers) {
        t.join();
      }
      assertTrue(refused.get());
      try (Region a = open(f, d.a()); Region b = open(f, d.b())) {
        for (String row : acked) {
          Region owner = Bytes.compare(Bytes.toBytes(row), d.splitRow()) < 0 ? a : b;
          Region other = owner == a ? b : a;
          List<Cell> cells = owner.get(Bytes.toBytes(row), ScanSpec.all());
          assertEquals(List.of("a:w@1=" + row), render(cells), row);
          assertEquals(0, rowsMatching(other, row), row);
        }
      }
    }
  }

  private static int rowsMatching(Region r, String row) throws IOException {
    int n = 0;
    for (String line : rows(r, false)) {
      n += rowOf(line).equals(row) ? 1 : 0;
    }
    return n;
  }

  /**
   * A crash after every possible number of file-system changes of a split (including none and
   * all of them): after recovery the table holds either the parent or both daughters, and
   * exactly the parent's rows.
   */
  @Test
  void aCrashAtAnyStepLeavesTheParentOrBothDaughters() throws Exception {
    int parentOutcomes = 0;
    int daughterOutcomes = 0;
    for (int crashAt = 0; ; crashAt++) {
      try (RegionFixture f = fixture(tmp.resolve("crash" + crashAt), 1024)) {
        writeRows(f);
        List<String> before = rows(f.region, false);
        f.fs.crashAfter(crashAt);
        boolean completed;
        try {
          RegionSplitter.split(f.region, null);
          completed = !f.fs.crashed();
        } catch (IOException e) {
          assertTrue(f.fs.crashed(), "only the injected crash may fail the split: " + e);
          completed = false;
        }
        f.fs.revive();
        f.crash();
        f.restartWal();
        List<RegionInfo> live = SplitRecovery.liveRegions(f.fs, f.root, f.table.getTableName());
        List<String> after = new ArrayList<>();
        if (live.equals(List.of(f.info))) {
          parentOutcomes++;
        } else {
          assertEquals(2, live.size(), "regions after a crash at change " + crashAt + ": " + live);
          assertArrayEquals(Bytes.EMPTY, live.get(0).getStartKey());
          assertArrayEquals(live.get(0).getEndKey(), live.get(1).getStartKey());
          assertArrayEquals(Bytes.EMPTY, live.get(1).getEndKey());
          daughterOutcomes++;
        }
        for (RegionInfo r : live) {
          try (Region region = Region.open(f.context(), r, f.table, f.oldWalFiles())) {
            after.addAll(rows(region, false));
          }
        }
        assertEquals(before, after, "rows after a crash at change " + crashAt);
        if (completed) {
          break;
        }
      }
    }
    System.out.println("split crash points: " + parentOutcomes + " parent, " + daughterOutcomes
        + " daughters");
    assertTrue(parentOutcomes > 5 && daughterOutcomes > 1,
        parentOutcomes + " crashes left the parent, " + daughterOutcomes + " the daughters");
  }
}
