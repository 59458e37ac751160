package io.strata.server.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.fs.FaultInjectingFileSystem;
import java.io.IOException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WalTest {
  @TempDir
  java.nio.file.Path tmp;

  private FaultInjectingFileSystem fs;
  private Path dir;
  private Path archive;
  private final List<Wal> opened = new ArrayList<>();

  @BeforeEach
  void setUp() throws Exception {
    fs = new FaultInjectingFileSystem(FileSystem.getLocal(new Configuration()).getRaw());
    dir = new Path(tmp.toUri().toString(), "wals/server1");
    archive = new Path(tmp.toUri().toString(), "oldWALs");
  }

  @AfterEach
  void tearDown() throws IOException {
    for (Wal w : opened) {
      w.close();
    }
  }

  private Wal open(WalOptions options, long firstSeq) throws IOException {
    Wal w = new Wal(fs, dir, archive, "server1", options, firstSeq, InstantSource.system());
    opened.add(w);
    return w;
  }

  private static WalOptions options(long rollSize) {
    return new WalOptions(rollSize, Duration.ofHours(1), 1024, Duration.ofMillis(50),
        Duration.ofSeconds(30));
  }

  /** Direct: a writer finding the WAL idle syncs itself; otherwise every edit goes the ring. */
  private static WalOptions options(long rollSize, boolean directSync) {
    return new WalOptions(rollSize, Duration.ofHours(1), 1024, Duration.ofMillis(50),
        Duration.ofSeconds(30), Duration.ZERO, directSync);
  }

  static KeyValue cell(String row, String value) {
    return KeyValue.of(Bytes.toBytes(row), Bytes.toBytes("f"), Bytes.toBytes("q"), 1L,
        CellType.PUT, Bytes.toBytes(value));
  }

  static List<WalEntry> readAll(FileSystem fs, List<Path> files) throws IOException {
    List<WalEntry> all = new ArrayList<>();
    for (Path p : files) {
      try (WalReader r = WalReader.open(fs, p)) {
        WalEntry e;
        while ((e = r.next()) != null) {
          all.add(e);
        }
      }
    }
    return all;
  }

  private List<Path> walFiles() throws IOException {
    List<Path> files = new ArrayList<>();
    for (var st : fs.listStatus(dir)) {
      files.add(st.getPath());
    }
    files.sort(null);
    return files;
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "direct sync {0}")
  @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
  void concurrentSyncedEditsAreAllReadBackWithTheirSequenceIds(boolean directSync)
      throws Exception {
    Wal wal = open(options(128L << 20, directSync), 1000);
    Map<Long, String> acknowledged = new ConcurrentHashMap<>();
    ExecutorService pool = Executors.newFixedThreadPool(16);
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < 16; t++) {
      int thread = t;
      futures.add(pool.submit(() -> {
        for (int i = 0; i < 200; i++) {
          String row = "t" + thread + "-" + i;
          WalTicket ticket = wal.append("region-" + (thread % 3),
              List.of(cell(row, "v" + i), cell(row + "x", "w")), Durability.SYNC_WAL);
          ticket.awaitDurable();
          acknowledged.put(ticket.sequenceId(), row);
        }
        return null;
      }));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    pool.shutdown();
    wal.close();
    List<WalEntry> entries = readAll(fs, walFiles());
    assertEquals(3200, entries.size());
    Map<Long, String> read = new TreeMap<>();
    // A writer waits for each edit before the next (as a row's writers do, under its lock),
    // so each writer's edits are in the file in its order, with ascending sequence ids; edits
    // of different writers may interleave out of id order when some synced directly.
    Map<String, Integer> nextOfWriter = new TreeMap<>();
    Map<String, Long> lastIdOfWriter = new TreeMap<>();
    for (WalEntry e : entries) {
      assertEquals(2, e.cells().size());
      String row = Bytes.toString(e.cells().get(0).getRowArray(),
          e.cells().get(0).getRowOffset(), e.cells().get(0).getRowLength());
      read.put(e.sequenceId(), row);
      String writer = row.substring(0, row.indexOf('-'));
      int i = Integer.parseInt(row.substring(row.indexOf('-') + 1));
      assertEquals(nextOfWriter.getOrDefault(writer, 0), i, "edits of " + writer + " in order");
      nextOfWriter.put(writer, i + 1);
      assertTrue(e.sequenceId() > lastIdOfWriter.getOrDefault(writer, -1L),
          "ids of " + writer + " ascend");
      lastIdOfWriter.put(writer, e.sequenceId());
    }
    assertEquals(new TreeMap<>(acknowledged), read);
    assertEquals(1000, read.keySet().iterator().next());
    assertEquals(4199, ((TreeMap<Long, String>) read).lastKey());
    // Every hflush but the file header's is a sync the WAL counts, covering all 3,200 edits.
    assertEquals(fs.hflushes.get() - 1, wal.syncCount());
    assertEquals(3200, wal.syncedEditCount());
  }

  /**
   * Edits a writer syncs itself are written from the cells' own arrays: cells that are views
   * into a shared array at any offset (back to back, with gaps between some, some edits listing
   * them in reverse), with and without tags, values that cross the file
   * buffer's edges, and (encoded the old way) edits holding a cell of another kind. Each is read
   * back byte for byte with its sequence id (random edits, fixed seed). Through the ring, runs
   * of ASYNC_WAL edits ended by a SYNC_WAL one make batches of several entries, some of them
   * written from their cells and some encoded.
   */
  @org.junit.jupiter.params.ParameterizedTest(name = "direct sync {0}")
  @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
  void editsWrittenFromTheCellsOwnArraysReadBackByteForByte(boolean directSync)
      throws Exception {
    Wal wal = open(options(128L << 20, directSync), 1);
    java.util.Random rnd = new java.util.Random(25);
    List<List<KeyValue>> expected = new ArrayList<>();
    for (int edit = 0; edit < 300; edit++) {
      int n = 1 + rnd.nextInt(5);
      List<io.strata.common.cell.Cell> cells = new ArrayList<>();
      List<KeyValue> want = new ArrayList<>();
      io.strata.common.util.ByteOutput shared = new io.strata.common.util.ByteOutput(64);
      shared.write(new byte[rnd.nextInt(50)]); // the views start anywhere in their array
      List<int[]> views = new ArrayList<>();
      boolean otherKind = rnd.nextInt(10) == 0;
      for (int i = 0; i < n; i++) {
        byte[] value = new byte[rnd.nextInt(3) == 0 ? rnd.nextInt(40_000) : rnd.nextInt(100)];
        rnd.nextBytes(value);
        byte[] row = Bytes.toBytes("row-" + edit + "-" + i);
        List<io.strata.common.cell.Tag> tags = rnd.nextBoolean() ? List.of()
            : io.strata.common.cell.Tag.withTtl(List.of(), 1 + rnd.nextInt(100_000));
        KeyValue kv = KeyValue.of(row, Bytes.toBytes("f"), Bytes.toBytes("q" + i),
            1 + rnd.nextInt(1000), CellType.PUT, value, tags);
        want.add(kv);
        if (otherKind && i == 0 && tags.isEmpty()) {
          cells.add(new io.strata.common.cell.ArraysCell(row, Bytes.toBytes("f"),
              Bytes.toBytes("q" + i), kv.getTimestamp(), CellType.PUT, value));
        } else {
          if (rnd.nextInt(4) == 0) { // a gap: the cells before and after are two runs
            shared.write(new byte[1 + rnd.nextInt(20)]);
          }
          views.add(new int[] {cells.size(), shared.size()});
          cells.add(null);
          shared.write(kv.getBuffer(), kv.getOffset(), kv.getLength());
        }
      }
      for (int[] v : views) {
        cells.set(v[0], KeyValue.decode(shared.array(), v[1], shared.size()));
      }
      if (rnd.nextInt(5) == 0) { // listed in another order than they lie in their array
        java.util.Collections.reverse(cells);
        java.util.Collections.reverse(want);
      }
      WalTicket t;
      if (directSync) {
        t = wal.tryAppend("region-" + (edit % 3), cells, Durability.SYNC_WAL);
        assertTrue(t != null, "an idle WAL is written by its writer");
      } else {
        t = wal.append("region-" + (edit % 3), cells,
            rnd.nextInt(4) == 0 ? Durability.SYNC_WAL : Durability.ASYNC_WAL);
        t.awaitDurable();
      }
      assertEquals(1 + edit, t.sequenceId());
      expected.add(want);
    }
    wal.close();
    List<WalEntry> entries = readAll(fs, walFiles());
    assertEquals(expected.size(), entries.size());
    for (int i = 0; i < entries.size(); i++) {
      WalEntry e = entries.get(i);
      assertEquals(1 + i, e.sequenceId());
      assertEquals("region-" + (i % 3), e.region());
      assertEquals(expected.get(i).size(), e.cells().size(), "cells of edit " + i);
      for (int c = 0; c < e.cells().size(); c++) {
        KeyValue want = expected.get(i).get(c);
        KeyValue got = e.cells().get(c);
        assertEquals(Bytes.toStringBinary(want.getBuffer(), want.getOffset(), want.getLength()),
            Bytes.toStringBinary(got.getBuffer(), got.getOffset(), got.getLength()),
            "cell " + c + " of edit " + i);
      }
    }
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "direct sync {0}")
  @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
  void groupCommitSharesOneSyncAmongWaitingWriters(boolean directSync) throws Exception {
    fs.syncDelayMillis = 20;
    Wal wal = open(options(128L << 20, directSync), 1);
    ExecutorService pool = Executors.newFixedThreadPool(32);
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < 32; t++) {
      int thread = t;
      futures.add(pool.submit(() -> {
        for (int i = 0; i < 10; i++) {
          wal.append("r", List.of(cell("t" + thread + "-" + i, "v")), Durability.SYNC_WAL)
              .awaitDurable();
        }
        return null;
      }));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    pool.shutdown();
    // 320 edits; with 20 ms syncs, one sync covers the edits of many waiting writers.
    assertTrue(fs.hflushes.get() < 160, fs.hflushes.get() + " syncs for 320 edits");
    // The WAL's own counters see the same: every hflush but the new file's header's.
    assertEquals(fs.hflushes.get() - 1, wal.syncCount());
    assertEquals(320, wal.syncedEditCount());
  }

  @Test
  void tryAppendSyncsAtOnceWhenIdleAndLogsNothingWhileAnotherWriterSyncs() throws Exception {
    Wal wal = open(options(128L << 20), 1);
    WalTicket alone = wal.tryAppend("r", List.of(cell("a", "1")), Durability.SYNC_WAL);
    assertTrue(alone.durableFuture().isDone());
    assertEquals(1, alone.sequenceId());
    assertEquals(1, wal.syncCount());
    java.util.concurrent.CountDownLatch inSync = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    fs.duringSync = () -> {
      fs.duringSync = () -> { };
      inSync.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      // A lone writer syncs on its own thread, here held in its sync with the file taken.
      Future<WalTicket> other = pool.submit(() -> wal.append("r", List.of(cell("b", "2")),
          Durability.SYNC_WAL));
      inSync.await();
      assertEquals(null, wal.tryAppend("r", List.of(cell("c", "3")), Durability.SYNC_WAL));
      assertEquals(null, wal.tryAppend("r", List.of(cell("c", "3")), Durability.FSYNC_WAL));
      // An edit nobody waits for needs only a ring slot.
      WalTicket async = wal.tryAppend("r", List.of(cell("d", "4")), Durability.ASYNC_WAL);
      assertEquals(3, async.sequenceId());
      release.countDown();
      WalTicket b = other.get();
      b.awaitDurable();
      assertEquals(2, b.sequenceId());
    } finally {
      release.countDown();
      pool.shutdown();
    }
    wal.close();
    List<String> rows = new ArrayList<>();
    for (WalEntry e : readAll(fs, walFiles())) {
      rows.add(e.sequenceId() + ":" + Bytes.toString(e.cells().get(0).getRowArray(),
          e.cells().get(0).getRowOffset(), e.cells().get(0).getRowLength()));
    }
    assertEquals(List.of("1:a", "2:b", "3:d"), rows);
  }

  @Test
  void withoutDirectSyncTryAppendNeverWaitsForASync() throws Exception {
    Wal wal = open(options(128L << 20, false), 7);
    assertEquals(null, wal.tryAppend("r", List.of(cell("a", "1")), Durability.SYNC_WAL));
    assertEquals(7, wal.tryAppend("r", List.of(cell("b", "2")), Durability.SKIP_WAL)
        .sequenceId());
    wal.append("r", List.of(cell("c", "3")), Durability.SYNC_WAL).awaitDurable();
    assertEquals(1, wal.syncCount()); // the consumer's, for c
    wal.close();
    assertEquals(1, readAll(fs, walFiles()).size());
  }

  @Test
  void fsyncEditsForceTheFile() throws Exception {
    Wal wal = open(options(128L << 20), 1);
    wal.append("r", List.of(cell("a", "1")), Durability.FSYNC_WAL).awaitDurable();
    assertEquals(1, fs.hsyncs.get());
    wal.append("r", List.of(cell("b", "2")), Durability.SYNC_WAL).awaitDurable();
    assertEquals(1, fs.hsyncs.get());
  }

  @Test
  void skipWalEditsGetSequenceIdsButAreNotWritten() throws Exception {
    Wal wal = open(options(128L << 20), 10);
    WalTicket skipped = wal.append("r", List.of(cell("a", "1")), Durability.SKIP_WAL);
    WalTicket kept = wal.append("r", List.of(cell("b", "2")), Durability.SYNC_WAL);
    kept.awaitDurable();
    skipped.awaitDurable();
    assertEquals(10, skipped.sequenceId());
    assertEquals(11, kept.sequenceId());
    wal.close();
    List<WalEntry> entries = readAll(fs, walFiles());
    assertEquals(1, entries.size());
    assertEquals(11, entries.get(0).sequenceId());
  }

  @Test
  void asyncEditsReachTheFileWithoutAnyoneWaiting() throws Exception {
    Wal wal = open(options(128L << 20), 1);
    WalTicket t = wal.append("r", List.of(cell("a", "1")), Durability.ASYNC_WAL);
    assertTrue(t.durableFuture().isDone());
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (readAll(fs, walFiles()).isEmpty()) {
      assertTrue(System.nanoTime() < deadline, "async edit never flushed");
      Thread.onSpinWait();
    }
    assertEquals(1, readAll(fs, walFiles()).size());
  }

  @org.junit.jupiter.params.ParameterizedTest(name = "direct sync {0}")
  @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
  void aFailedSyncFailsTheEditAndTheNextEditGoesToANewFile(boolean directSync) throws Exception {
    Wal wal = open(options(128L << 20, directSync), 1);
    wal.append("r", List.of(cell("a", "1")), Durability.SYNC_WAL).awaitDurable();
    fs.failSyncs.set(1);
    // A direct writer fails in append itself; through the ring, its ticket fails.
    IOException e = assertThrows(IOException.class,
        () -> wal.append("r", List.of(cell("b", "2")), Durability.SYNC_WAL).awaitDurable());
    assertEquals("injected sync failure", e.getMessage());
    WalTicket next = wal.append("r", List.of(cell("c", "3")), Durability.SYNC_WAL);
    next.awaitDurable();
    assertEquals(2, walFiles().size());
    wal.close();
    List<WalEntry> second = readAll(fs, List.of(walFiles().get(1)));
    assertEquals(1, second.size());
    assertEquals(next.sequenceId(), second.get(0).sequenceId());
  }

  /**
   * A file system that keeps failing gets a new file after the first failure, then none while
   * the pause after the second runs: the edits meanwhile fail at once, saying so, instead of
   * each opening a file of its own. After the pause a new file is tried, and once it works the
   * WAL is as before.
   */
  @org.junit.jupiter.params.ParameterizedTest(name = "direct sync {0}")
  @org.junit.jupiter.params.provider.ValueSource(booleans = {true, false})
  void editsOnAFailingFileSystemPauseInsteadOfOpeningAFileEach(boolean directSync)
      throws Exception {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(
        1_000_000);
    InstantSource clock = () -> java.time.Instant.ofEpochMilli(now.get());
    Wal wal = new Wal(fs, dir, archive, "server1", options(128L << 20, directSync), 1, clock);
    opened.add(wal);
    wal.append("r", List.of(cell("a", "1")), Durability.SYNC_WAL).awaitDurable();
    fs.failSyncs.set(1_000);
    for (int i = 0; i < 2; i++) {
      int edit = i;
      assertEquals("injected sync failure", assertThrows(IOException.class,
          () -> wal.append("r", List.of(cell("b" + edit, "2")), Durability.SYNC_WAL)
              .awaitDurable()).getMessage());
    }
    assertEquals(2, walFiles().size(), "one new file after the first failure");
    for (int i = 0; i < 50; i++) {
      int edit = i;
      IOException e = assertThrows(IOException.class,
          () -> wal.append("r", List.of(cell("c" + edit, "3")), Durability.SYNC_WAL)
              .awaitDurable());
      assertEquals("the WAL of server1 failed 2 times in a row (last: injected sync failure);"
          + " edits fail for another 100 ms before it tries a new file", e.getMessage());
    }
    assertEquals(2, walFiles().size(), "no file for the edits made during the pause");

    fs.failSyncs.set(0);
    now.addAndGet(100);
    WalTicket next = wal.append("r", List.of(cell("d", "4")), Durability.SYNC_WAL);
    next.awaitDurable();
    assertEquals(3, walFiles().size());
    wal.append("r", List.of(cell("e", "5")), Durability.SYNC_WAL).awaitDurable();
  }

  @Test
  void rollsBySizeAndArchivesFilesOnceTheirRegionsFlushed() throws Exception {
    Wal wal = open(options(4096), 1);
    long lastA = 0;
    long lastB = 0;
    for (int i = 0; i < 200; i++) {
      WalTicket a = wal.append("A", List.of(cell("a" + i, "x".repeat(50))), Durability.SYNC_WAL);
      a.awaitDurable();
      lastA = a.sequenceId();
      if (i < 20) {
        WalTicket b = wal.append("B", List.of(cell("b" + i, "y")), Durability.SYNC_WAL);
        b.awaitDurable();
        lastB = b.sequenceId();
      }
    }
    wal.append("A", List.of(cell("last", "z")), Durability.SYNC_WAL).awaitDurable();
    int live = wal.liveFiles().size();
    assertTrue(live > 3, live + " files");
    wal.regionFlushed("A", lastA + 1);
    // B's edits are still only in the first file(s): those must stay; later ones may go.
    List<Path> stillLive = wal.liveFiles();
    assertTrue(stillLive.size() < live, "nothing archived");
    assertTrue(stillLive.contains(new Path(dir, String.format("wal.%020d", 1))));
    wal.regionFlushed("B", lastB);
    assertEquals(1, wal.liveFiles().size(), "only the current file remains");
    assertEquals(live - 1, fs.listStatus(archive).length);
  }

  @Test
  void anIdleWalRollsByAgeAndArchivesTheFlushedFile() throws Exception {
    java.util.concurrent.atomic.AtomicLong now = new java.util.concurrent.atomic.AtomicLong(
        1_000_000);
    InstantSource clock = () -> java.time.Instant.ofEpochMilli(now.get());
    Wal wal = new Wal(fs, dir, archive, "server1", new WalOptions(128L << 20,
        Duration.ofHours(1), 1024, Duration.ofMillis(20), Duration.ofSeconds(30)), 1, clock);
    opened.add(wal);
    long seq = wal.append("r", List.of(cell("a", "1")), Durability.SYNC_WAL).sequenceId();
    wal.regionFlushed("r", seq);
    assertEquals(1, wal.liveFiles().size());
    now.addAndGet(Duration.ofMinutes(61).toMillis());
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (wal.liveFiles().size() != 1 || !wal.liveFiles().get(0).getName().endsWith("2")) {
      assertTrue(System.nanoTime() < deadline, "no roll by age: " + wal.liveFiles());
      Thread.onSpinWait();
    }
    assertEquals(List.of(new Path(dir, String.format("wal.%020d", 2))), wal.liveFiles());
    assertEquals(1, fs.listStatus(archive).length);
  }

  @Test
  void sequenceIdsNeverGoBackward() throws Exception {
    Wal wal = open(options(128L << 20), 5);
    assertEquals(5, wal.append("r", List.of(cell("a", "1")), Durability.SKIP_WAL).sequenceId());
    wal.advanceSequenceIdTo(100);
    assertEquals(100, wal.append("r", List.of(cell("a", "1")), Durability.SKIP_WAL).sequenceId());
    wal.advanceSequenceIdTo(50);
    assertEquals(101, wal.append("r", List.of(cell("a", "1")), Durability.SKIP_WAL).sequenceId());
  }

  @Test
  void closedWalRefusesEdits() throws Exception {
    Wal wal = open(options(128L << 20), 1);
    wal.close();
    assertEquals("the WAL of server1 is closed; the write is not accepted",
        assertThrows(IOException.class,
            () -> wal.append("r", List.of(cell("a", "1")), Durability.SYNC_WAL)).getMessage());
    // A new instance over the same directory continues after the files already there.
    Wal next = open(options(1 << 20), 1);
    assertEquals(List.of(new Path(dir, String.format("wal.%020d", 2))), next.liveFiles());
    assertEquals("resolve USE_DEFAULT to the table's durability before appending to the WAL",
        assertThrows(IllegalArgumentException.class,
            () -> next.append("r", List.of(), Durability.USE_DEFAULT)).getMessage());
  }
}
