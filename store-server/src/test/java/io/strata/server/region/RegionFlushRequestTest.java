package io.strata.server.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When writes ask for a flush: once the memstores no flush has taken reach the flush size. */
class RegionFlushRequestTest {
  private static final long FLUSH_SIZE = 64 * 1024;
  private static final byte[] VALUE = new byte[1000];

  @TempDir
  Path dir;

  private final List<Region> requests = new CopyOnWriteArrayList<>();
  private int nextRow;

  private Region region(RegionFixture f) throws IOException {
    TableDescriptor table = TableDescriptor.newBuilder(TableName.valueOf("flushes"))
        .setColumnFamily(ColumnFamilyDescriptor.newBuilder(RegionFixture.CF1).build())
        .setMemStoreFlushSize(FLUSH_SIZE).build();
    RegionInfo info = RegionInfo.newBuilder(table.getTableName()).setRegionId(1).build();
    return Region.create(new RegionContext(f.fs, f.root, f.wal, f.pool,
        new RegionOptions(64L << 20, 2000), requests::add, f.limiter, f.compactions,
        InstantSource.system()), info, table);
  }

  /** Writes 1,000-byte rows until one asks for a flush; returns how many it took. */
  private int writeUntilFlushAsked(Region r) throws IOException {
    int before = requests.size();
    for (int n = 1; n <= 1000; n++) {
      write(r);
      if (requests.size() > before) {
        return n;
      }
    }
    throw new AssertionError("1,000 rows of 1,000 bytes asked for no flush");
  }

  private void write(Region r) throws IOException {
    byte[] row = Bytes.toBytes(String.format("row%06d", nextRow++));
    r.mutate(List.of(new RowEdit(row, List.of(io.strata.common.cell.KeyValue.of(row,
        RegionFixture.CF1, Bytes.toBytes("q"), io.strata.common.cell.CellLimits.LATEST_TIMESTAMP,
        io.strata.common.cell.CellType.PUT, VALUE)))));
  }

  @Test
  void writesDuringAFlushAskOnlyOnceTheyFillAMemstoreOfTheirOwn() throws Exception {
    try (RegionFixture f = new RegionFixture(dir, 1)) {
      Region r = region(f);
      int rowsPerFlush = writeUntilFlushAsked(r);
      assertTrue(rowsPerFlush >= 50 && rowsPerFlush <= 66, "rows: " + rowsPerFlush);

      CountDownLatch flushing = new CountDownLatch(1);
      CountDownLatch release = new CountDownLatch(1);
      f.fs.beforeCreate = p -> {
        flushing.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      };
      CompletableFuture<Long> flush = CompletableFuture.supplyAsync(() -> {
        try {
          return r.flush();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      });
      try {
        assertTrue(flushing.await(30, TimeUnit.SECONDS), "the flush never reached its file");
        requests.clear();
        // The snapshot being written holds a whole flush's worth; a small write asks nothing.
        write(r);
        assertEquals(List.of(), requests);
        // A memstore of its own as large asks again, flush running or not.
        assertEquals(rowsPerFlush - 1, writeUntilFlushAsked(r));
      } finally {
        release.countDown();
      }
      flush.get(30, TimeUnit.SECONDS);
      f.fs.beforeCreate = p -> { };
      r.close();
    }
  }

  @Test
  void aSnapshotLeftByAFailedFlushIsAskedForAgainByTheNextWrite() throws Exception {
    try (RegionFixture f = new RegionFixture(dir, 1)) {
      Region r = region(f);
      writeUntilFlushAsked(r);
      f.fs.failWrites.set(1_000_000);
      assertThrows(IOException.class, r::flush);
      f.fs.failWrites.set(0);
      requests.clear();
      write(r);
      assertEquals(List.of(r), requests);
      r.flush();
      requests.clear();
      write(r);
      assertEquals(List.of(), requests);
      r.close();
    }
  }

  /**
   * A flush that fails is not tried again on each request, as every write over the flush size
   * asks: only after its pause (an hour here, so that nothing but the first attempt can run).
   * Once the file system works again, the next flush writes what the failed one could not.
   */
  @Test
  void aFailedFlushWaitsOutItsPauseWhateverTheRequests() throws Exception {
    try (RegionFixture f = new RegionFixture(dir, 1)) {
      Region r = region(f);
      write(r);
      java.util.concurrent.atomic.AtomicInteger creates =
          new java.util.concurrent.atomic.AtomicInteger();
      f.fs.beforeCreate = p -> {
        creates.incrementAndGet();
        throw new java.io.UncheckedIOException(new IOException("no space left on device"));
      };
      RegionFlusher patient = new RegionFlusher(java.time.Duration.ofHours(1));
      patient.requestFlush(r);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (patient.failures(r) == 0 && System.nanoTime() < deadline) {
        Thread.onSpinWait();
      }
      assertEquals(1, patient.failures(r));
      int attempted = creates.get();
      for (int i = 0; i < 100; i++) { // as the writes of a memstore over its size ask
        patient.requestFlush(r);
      }
      patient.close(); // runs what is queued to run now; drops the retry waiting its hour
      assertEquals(1, patient.failures(r), "no second attempt within the pause");
      assertEquals(attempted, creates.get());

      f.fs.beforeCreate = p -> { };
      RegionFlusher eager = new RegionFlusher(java.time.Duration.ZERO);
      try {
        eager.requestFlush(r);
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (r.fileCount(RegionFixture.CF1) == 0 && System.nanoTime() < deadline) {
          Thread.onSpinWait();
        }
        assertEquals(1, r.fileCount(RegionFixture.CF1), "the write kept in memory is flushed");
      } finally {
        eager.close();
      }
    }
  }
}
