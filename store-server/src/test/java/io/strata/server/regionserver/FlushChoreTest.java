package io.strata.server.regionserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.Bytes;
import io.strata.server.region.Region;
import io.strata.server.region.RegionFlusher;
import io.strata.server.wal.Wal;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flushes no write asks for, on real regions sharing a real WAL: of a region holding an
 * edit older than the flush period, and of the regions keeping the oldest WAL file while there
 * are more files than the maximum.
 */
class FlushChoreTest {
  private static final long HOUR = 3_600_000L;

  @TempDir
  java.nio.file.Path tmp;

  private final AtomicLong now = new AtomicLong(1_000_000L);
  private final InstantSource clock = () -> Instant.ofEpochMilli(now.get());
  private TestRegions test;
  private OnlineRegions regions;
  private RegionFlusher flusher;
  private Wal wal;

  @BeforeEach
  void setUp() throws IOException {
    // Files roll at 1 KB, so a few puts make several.
    test = new TestRegions(tmp, 1024, clock);
    regions = test.regions;
    flusher = test.flusher;
    wal = test.wal;
  }

  @AfterEach
  void tearDown() throws IOException {
    test.close();
  }

  private Region open(String start, String end) throws IOException {
    return test.open(start, end);
  }

  private static void put(Region r, String row, int valueBytes) throws IOException {
    TestRegions.put(r, Bytes.toBytes(row), Bytes.toBytes("q"), new byte[valueBytes]);
  }

  private static void await(String what, BooleanSupplier done) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!done.getAsBoolean()) {
      assertTrue(System.nanoTime() < deadline, "timed out waiting until " + what);
      Thread.sleep(5);
    }
  }

  @Test
  void aRegionHoldingAnEditOlderThanThePeriodIsFlushedAndNoOther() throws Exception {
    Region old = open("a", "m");
    Region young = open("m", "z");
    put(old, "b", 10);
    now.addAndGet(HOUR - 1);
    put(young, "n", 10);
    FlushChore chore = new FlushChore(regions, wal, flusher, Duration.ofHours(1), 32, clock);
    assertEquals(List.of(), chore.check(), "an edit 1 ms short of the period stays");

    now.incrementAndGet();
    assertEquals(1_000_000L, old.oldestUnflushedEditMillis());
    assertEquals(List.of(old.encodedName()), chore.check());
    // The file is in place a moment before the flush forgets the snapshot's time: wait for both.
    await("the old region is flushed", () -> old.fileCount() == 1
        && old.oldestUnflushedEditMillis() == -1);
    assertEquals(0, old.memStoreSize());
    assertEquals(0, young.fileCount());
    assertEquals(1_000_000L + HOUR - 1, young.oldestUnflushedEditMillis());
    assertEquals(List.of(), chore.check(), "nothing is left old enough");

    // The region's next edit starts its time anew.
    now.addAndGet(10);
    put(old, "c", 10);
    assertEquals(1_000_000L + HOUR + 10, old.oldestUnflushedEditMillis());
    now.addAndGet(HOUR);
    FlushChore off = new FlushChore(regions, wal, flusher, Duration.ZERO, 32, clock);
    assertEquals(List.of(), off.check(), "0s turns periodic flushes off");
  }

  @Test
  void moreWalFilesThanTheMaximumFlushTheRegionsKeepingTheOldest() throws Exception {
    Region idle = open("a", "m");
    Region busy = open("m", "z");
    put(idle, "b", 10);
    for (int i = 0; i < 6; i++) {
      put(busy, "n" + i, 1100); // each put alone takes the file past 1 KB: it rolls
    }
    int files = wal.fileCount();
    assertEquals(7, files, "six rolls and the current file");
    FlushChore chore = new FlushChore(regions, wal, flusher, Duration.ofHours(1), files, clock);
    assertEquals(List.of(), chore.check(), "at the maximum, nothing is flushed");

    // The busy region flushes by itself (its files go to the archive); the idle one keeps the
    // oldest file, and with it one file more than a maximum of 1.
    busy.flush();
    assertEquals(2, wal.fileCount());
    assertEquals(List.of(idle.encodedName()), wal.regionsKeepingOldestFile());
    FlushChore strict = new FlushChore(regions, wal, flusher, Duration.ofHours(1), 1, clock);
    assertEquals(List.of(idle.encodedName()), strict.check());
    await("the oldest WAL file is archived", () -> wal.fileCount() == 1);
    assertEquals(1, idle.fileCount());
    assertEquals(List.of(), strict.check());
  }

  @Test
  void badSettingsAreRefusedNamingTheKey() {
    IllegalArgumentException period = assertThrows(IllegalArgumentException.class,
        () -> new FlushChore(regions, wal, flusher, Duration.ofSeconds(-1), 32, clock));
    assertTrue(period.getMessage().contains("strata.memstore.flush.period"),
        period.getMessage());
    IllegalArgumentException files = assertThrows(IllegalArgumentException.class,
        () -> new FlushChore(regions, wal, flusher, Duration.ofHours(1), 0, clock));
    assertTrue(files.getMessage().contains("strata.wal.max.files"), files.getMessage());
  }
}
