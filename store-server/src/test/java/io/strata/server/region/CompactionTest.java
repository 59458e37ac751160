package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.CF2;
import static io.strata.server.region.RegionFixture.delete;
import static io.strata.server.region.RegionFixture.put;
import static io.strata.server.region.RegionFixture.render;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.error.ServerBusyException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompactionTest {
  @TempDir
  java.nio.file.Path tmp;

  private static RegionFixture manual(java.nio.file.Path dir, ColumnFamilyDescriptor.Builder cf1,
      int maxVersions, int blockingFiles) throws IOException {
    return new RegionFixture(dir, RegionFixture.table(cf1, maxVersions), null,
        RegionFixture.compactions(false, blockingFiles));
  }

  /** As {@link #manual}, on the local file system with direct I/O, as a region server. */
  private static RegionFixture direct(java.nio.file.Path dir, ColumnFamilyDescriptor.Builder cf1,
      int maxVersions) throws IOException {
    return new RegionFixture(dir, RegionFixture.table(cf1, maxVersions), null,
        RegionFixture.compactions(false, 1000), RegionCaching.NONE, false, true);
  }

  private static List<String> everything(RegionFixture f) throws IOException {
    List<String> out = new ArrayList<>();
    try (RegionScanner s = f.region.scanner(ScanSpec.all().withMaxVersions(10))) {
      List<Cell> row;
      while ((row = s.nextRow()) != null) {
        out.add(Bytes.toString(row.get(0).getRowArray(), row.get(0).getRowOffset(),
            row.get(0).getRowLength()) + " " + render(row));
      }
    }
    return out;
  }

  /** {@code files} flushes of the same 20 rows of family a, each a newer version of them. */
  private static void flushVersions(RegionFixture f, int files) throws IOException {
    for (int i = 0; i < files; i++) {
      for (int r = 0; r < 20; r++) {
        f.mutate("r" + r, put("r" + r, CF1, "q", 1 + i, "value " + i + " of row " + r));
      }
      f.region.flush();
    }
  }

  private void writeFourFlushes(RegionFixture f) throws IOException {
    for (int flush = 0; flush < 4; flush++) {
      for (int r = 0; r < 20; r++) {
        String row = "row" + r;
        f.mutate(row, put(row, CF1, "q", 10 + flush, "v" + flush), put(row, CF2, "x", 1,
            "x" + flush));
        if (r % 5 == flush) {
          f.mutate(row, delete(row, CF1, "q", 10 + flush, CellType.DELETE));
        }
      }
      f.region.flush();
    }
  }

  private List<String> familyFiles(RegionFixture f, String family) throws IOException {
    List<String> names = new ArrayList<>();
    for (FileStatus st : f.fs.listStatus(new Path(RegionLayout.regionDir(f.root, f.info),
        family))) {
      names.add(st.getPath().getName());
    }
    return names;
  }

  private int archived(RegionFixture f, String family) throws IOException {
    Path dir = RegionLayout.archiveFamilyDir(f.root, f.info, family);
    return f.fs.exists(dir) ? f.fs.listStatus(dir).length : 0;
  }

  /** Through the fault-injecting file system, and with direct I/O as a region server has. */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
  void minorCompactionMergesFilesAndChangesNoRead(boolean directIo) throws IOException {
    try (RegionFixture f = directIo ? direct(tmp, ColumnFamilyDescriptor.newBuilder(CF1), 3)
        : manual(tmp, ColumnFamilyDescriptor.newBuilder(CF1), 3, 1000)) {
      writeFourFlushes(f);
      List<String> before = everything(f);
      assertEquals(4, f.region.fileCount(CF1));
      assertEquals(8, f.region.compact(false));
      assertEquals(1, f.region.fileCount(CF1));
      assertEquals(1, f.region.fileCount(CF2));
      assertEquals(before, everything(f));
      assertEquals(4, archived(f, "a"));
      f.cleanRestart();
      assertEquals(before, everything(f));
    }
  }

  /** Through the fault-injecting file system, and with direct I/O as a region server has. */
  @org.junit.jupiter.params.ParameterizedTest
  @org.junit.jupiter.params.provider.ValueSource(booleans = {false, true})
  void filesOfRowsWrittenInOrderAreCompactedByCopyingBlocksAndReadTheSame(boolean directIo)
      throws IOException {
    ColumnFamilyDescriptor.Builder cf1 = ColumnFamilyDescriptor.newBuilder(CF1)
        .setBloomFilterType(io.strata.common.schema.BloomType.ROW).setBlockSize(1024);
    try (RegionFixture f = directIo ? direct(tmp, cf1, 3) : manual(tmp, cf1, 3, 1000)) {
      // Each flush holds rows after the last flush's, deletes and versions included, as a time
      // series written in key order does; CF2's files overlap (the same cells every time).
      for (int flush = 0; flush < 4; flush++) {
        for (int r = 0; r < 50; r++) {
          String row = String.format("row%04d", flush * 50 + r);
          f.mutate(row, put(row, CF1, "q", 10, "v" + r), put(row, CF1, "q", 11, "w" + r));
          f.mutate("same", put("same", CF2, "x", 1 + r, "x" + flush));
          if (r % 7 == 0) {
            f.mutate(row, delete(row, CF1, "q", 10, CellType.DELETE));
          }
        }
        f.region.flush();
      }
      List<String> before = everything(f);
      assertEquals(4, f.region.fileCount(CF1));
      assertEquals(8, f.region.compact(false));
      assertEquals(1, f.region.fileCount(CF1));
      assertEquals(1, f.region.fileCount(CF2));
      assertEquals(1, f.region.stores().get(CF1).copiedCompactions());
      assertEquals(0, f.region.stores().get(CF2).copiedCompactions());
      assertEquals(before, everything(f));
      for (String line : before) {
        String row = line.substring(0, line.indexOf(' '));
        assertEquals(line, row + " " + render(f.region.get(Bytes.toBytes(row),
            ScanSpec.all().withMaxVersions(10))));
      }
      f.cleanRestart();
      assertEquals(before, everything(f));
      // Later rows go on being copied after the copied file (the policy leaves the large file
      // out); files holding the same key (row, column and timestamp) are merged.
      for (int flush = 0; flush < 3; flush++) { // files of several full blocks each
        for (int r = 0; r < 60; r++) {
          String row = String.format("row%04d", 300 + flush * 60 + r);
          f.mutate(row, put(row, CF1, "q", 10, "late"));
        }
        f.region.flush();
      }
      List<String> expected = everything(f);
      assertEquals(3, f.region.compact(false));
      assertEquals(2, f.region.fileCount(CF1));
      assertEquals(1, f.region.stores().get(CF1).copiedCompactions());
      assertEquals(expected, everything(f));
      for (String row : List.of("row0100", "row0100", "row0400")) {
        f.mutate(row, put(row, CF1, "q", 12, "again" + f.region.fileCount(CF1)));
        f.region.flush();
      }
      expected = everything(f);
      assertTrue(f.region.compact(false) >= 3);
      assertEquals(1, f.region.stores().get(CF1).copiedCompactions());
      assertEquals(expected, everything(f));
    }
  }

  @Test
  void majorCompactionDropsDeletedExpiredAndSurplusVersions() throws IOException {
    try (RegionFixture f = manual(tmp, ColumnFamilyDescriptor.newBuilder(CF1)
        .setTimeToLive(3600), 2, 1000)) {
      long now = 1_800_000_000_000L;
      f.fakeNow.set(now);
      long old = now - 7_200_000; // two hours ago: past the one-hour TTL
      f.mutate("r", put("r", CF1, "q", now - 3, "v1"), put("r", CF1, "q", now - 2, "v2"),
          put("r", CF1, "q", now - 1, "v3"));
      f.mutate("r", put("r", CF1, "gone", now - 1, "x"), put("r", CF1, "expired", old, "e"),
          put("r", CF2, "keep", 5, "k"));
      f.region.flush();
      f.mutate("r", delete("r", CF1, "gone", now, CellType.DELETE_COLUMN));
      f.region.flush();
      List<String> visible = List.of("a:q@" + (now - 1) + "=v3", "a:q@" + (now - 2) + "=v2",
          "b:keep@5=k");
      assertEquals(List.of("r " + visible), everything(f));
      f.region.compact(true);
      assertEquals(List.of("r " + visible), everything(f));
      assertEquals(1, f.region.fileCount(CF1));
      // Only what a reader sees is left in the file: 2 of 3 versions, no marker, no expired.
      try (var file = onlyFile(f, CF1)) {
        assertEquals(2, file.cellCount());
      }
      f.cleanRestart();
      assertEquals(List.of("r " + visible), everything(f));
    }
  }

  private static io.strata.server.blockfile.BlockFileReader onlyFile(RegionFixture f,
      byte[] family) throws IOException {
    Path dir = new Path(RegionLayout.regionDir(f.root, f.info), Bytes.toString(family));
    return io.strata.server.blockfile.BlockFileReader.open(f.fs, f.fs.listStatus(dir)[0]
        .getPath());
  }

  @Test
  void ttlHidesExpiredCellsButMinVersionsKeepsSome() throws IOException {
    try (RegionFixture f = manual(tmp, ColumnFamilyDescriptor.newBuilder(CF1)
        .setTimeToLive(60).setMinVersions(1), 3, 1000)) {
      f.fakeNow.set(1_000_000);
      f.mutate("r", put("r", CF1, "q", 900_000, "old"), put("r", CF1, "q", 930_000, "older-ok"),
          put("r", CF1, "q", 990_000, "fresh"), put("r", CF1, "p", 100_000, "ancient"));
      // q@990000 is within 60 s; the others are expired, but MIN_VERSIONS keeps p's newest.
      assertEquals(List.of("r [a:p@100000=ancient, a:q@990000=fresh]"), everything(f));
      f.fakeNow.set(2_000_000);
      assertEquals(List.of("r [a:p@100000=ancient, a:q@990000=fresh]"), everything(f));
    }
  }

  @Test
  void scannersOpenAcrossACompactionKeepReadingTheSameData() throws IOException {
    try (RegionFixture f = manual(tmp, ColumnFamilyDescriptor.newBuilder(CF1), 3, 1000)) {
      writeFourFlushes(f);
      List<String> expected = everything(f);
      List<String> seen = new ArrayList<>();
      try (RegionScanner s = f.region.scanner(ScanSpec.all().withMaxVersions(10))) {
        for (int i = 0; i < 3; i++) {
          List<Cell> row = s.nextRow();
          seen.add(Bytes.toString(row.get(0).getRowArray(), row.get(0).getRowOffset(),
              row.get(0).getRowLength()) + " " + render(row));
        }
        f.region.compact(true);
        assertEquals(4, archived(f, "a"), "inputs were moved while the scanner held them");
        List<Cell> row;
        while ((row = s.nextRow()) != null) {
          seen.add(Bytes.toString(row.get(0).getRowArray(), row.get(0).getRowOffset(),
              row.get(0).getRowLength()) + " " + render(row));
        }
      }
      assertEquals(expected, seen);
      assertEquals(expected, everything(f));
    }
  }

  @Test
  void aCompactionInterruptedBeforeArchivingIsFinishedOnOpen() throws IOException {
    try (RegionFixture f = manual(tmp, ColumnFamilyDescriptor.newBuilder(CF1), 3, 1000)) {
      writeFourFlushes(f);
      List<String> expected = everything(f);
      f.region.compact(false);
      // As if the process died after moving the merged file in but before archiving inputs.
      Path archive = RegionLayout.archiveFamilyDir(f.root, f.info, "a");
      Path family = new Path(RegionLayout.regionDir(f.root, f.info), "a");
      for (FileStatus st : f.fs.listStatus(archive)) {
        f.fs.rename(st.getPath(), new Path(family, st.getPath().getName()));
      }
      assertEquals(5, familyFiles(f, "a").size());
      f.cleanRestart();
      assertEquals(1, familyFiles(f, "a").size());
      assertEquals(4, archived(f, "a"));
      assertEquals(expected, everything(f));
    }
  }

  @Test
  void tooManyFilesSlowWritesWithARetryableError() throws IOException {
    try (RegionFixture f = manual(tmp, ColumnFamilyDescriptor.newBuilder(CF1), 1, 3)) {
      for (int i = 0; i < 3; i++) {
        f.mutate("r" + i, put("r" + i, CF1, "q", 1, "v"));
        f.region.flush();
      }
      ServerBusyException e = assertThrows(ServerBusyException.class,
          () -> f.mutate("x", put("x", CF1, "q", 1, "v")));
      assertEquals("server " + f.info.getRegionNameAsString() + " is too busy: family 'a' has 3 "
          + "files, at the limit of 3; writes resume as compactions catch up; retry after "
          + "backing off", e.getMessage());
      assertTrue(e.isRetryable());
      f.region.compact(false);
      f.mutate("x", put("x", CF1, "q", 1, "v"));
    }
  }

  /**
   * A store at the blocking count refuses writes until a compaction ends, so that compaction
   * runs without the throughput limit: here one byte a second, which would take an hour for
   * these cells. (The preemptive timeout only guards against that hang.)
   */
  @Test
  void aStoreThatBlocksWritesIsCompactedWithoutTheLimit() throws Exception {
    CompactionService slow = RegionFixture.compactions(false, 3, 1);
    try (RegionFixture f = new RegionFixture(tmp, RegionFixture.table(
        ColumnFamilyDescriptor.newBuilder(CF1), 1), null, slow)) {
      flushVersions(f, 3);
      List<String> before = everything(f);
      assertThrows(ServerBusyException.class, () -> f.mutate("x", put("x", CF1, "q", 1, "v")));
      int replaced = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          java.time.Duration.ofMinutes(2), () -> f.region.compact(false));
      assertEquals(3, replaced);
      assertEquals(1, f.region.fileCount(CF1));
      assertEquals(before, everything(f));
      f.mutate("x", put("x", CF1, "q", 1, "v"));
    } finally {
      slow.close();
    }
  }

  /**
   * A compaction that holds up the waiting request of a store at the blocking count runs
   * without the limit, as that store's own would: here one byte a second, which would take half
   * an hour for these cells. (The preemptive timeout only guards against that hang.)
   */
  @Test
  void aCompactionHoldingUpAStoreAtTheBlockingCountRunsWithoutTheLimit() throws Exception {
    CompactionQueue queue = new CompactionQueue(1, r -> {
      Thread t = new Thread(r, "compaction-test");
      t.setDaemon(true);
      return t;
    });
    CompactionService slow = new CompactionService(
        new io.strata.server.compaction.CompactionPolicy(3, 10, 1.2, 1L << 31),
        io.strata.server.compaction.CompactionThroughput.fixed(1, 3),
        java.time.Duration.ofDays(7), queue, false);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    try (RegionFixture f = new RegionFixture(tmp, RegionFixture.table(
        ColumnFamilyDescriptor.newBuilder(CF1), 1), null, slow)) {
      flushVersions(f, 2);
      List<String> before = everything(f);
      // The server's compaction thread is busy, and another region's store of three files
      // (the blocking count) waits for it.
      CompactionQueueTest.occupy(queue, release);
      assertTrue(queue.offer("other/minor", 0, 3, () -> { }));
      assertEquals(3, slow.mostFilesWaiting());
      int replaced = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(
          java.time.Duration.ofMinutes(2), () -> f.region.compact(true));
      assertEquals(2, replaced);
      assertEquals(1, f.region.fileCount(CF1));
      assertEquals(before, everything(f));
      release.countDown(); // before the fixture closes the service, which waits for its thread
    } finally {
      release.countDown();
      slow.close();
    }
  }

  @Test
  void aCompactionOfOneFamilyLeavesTheOthersFiles() throws IOException {
    try (RegionFixture f = manual(tmp, ColumnFamilyDescriptor.newBuilder(CF1), 3, 1000)) {
      writeFourFlushes(f);
      List<String> before = everything(f);
      List<String> otherFiles = familyFiles(f, "b");
      assertEquals(4, f.region.fileCount(CF1));
      assertEquals(4, f.region.compact(true, CF1));
      assertEquals(1, f.region.fileCount(CF1));
      assertEquals(otherFiles, familyFiles(f, "b"));
      assertEquals(0, archived(f, "b"));
      assertEquals(before, everything(f));
      NoSuchFamilyException unknown = assertThrows(NoSuchFamilyException.class,
          () -> f.region.compact(true, Bytes.toBytes("zz")));
      assertEquals("column family 'zz' does not exist in table 't'; valid families: a, b; add "
          + "it with alter 't', 'zz'", unknown.getMessage());
    }
  }
}
