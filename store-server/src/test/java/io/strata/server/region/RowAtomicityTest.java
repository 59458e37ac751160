package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.CF2;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import io.strata.server.scan.ScanSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writers put one value into every column of a row; readers must never see a mix. */
class RowAtomicityTest {
  private static final int COLUMNS = 10;

  @TempDir
  java.nio.file.Path tmp;

  @Test
  void readersNeverSeeHalfARowWhileWritersAndFlushesRun() throws Exception {
    try (RegionFixture f = new RegionFixture(tmp, 1)) {
      byte[][] rows = {Bytes.toBytes("row-a"), Bytes.toBytes("row-b"), Bytes.toBytes("row-c")};
      AtomicBoolean stop = new AtomicBoolean();
      AtomicInteger reads = new AtomicInteger();
      AtomicInteger writes = new AtomicInteger();
      ExecutorService pool = Executors.newFixedThreadPool(7);
      // Writers wait half-way for a flush that wrote a file: on a busy machine they could
      // otherwise finish before the flusher ever ran.
      java.util.concurrent.CountDownLatch flushed = new java.util.concurrent.CountDownLatch(1);
      List<Future<?>> tasks = new ArrayList<>();
      for (int w = 0; w < 3; w++) {
        int writer = w;
        tasks.add(pool.submit(() -> {
          for (int i = 0; i < 300; i++) {
            if (i == 150 && !flushed.await(1, java.util.concurrent.TimeUnit.MINUTES)) {
              throw new AssertionError("no flush wrote a file within a minute");
            }
            byte[] row = rows[i % rows.length];
            byte[] value = Bytes.toBytes("w" + writer + "-" + i);
            List<KeyValue> cells = new ArrayList<>();
            for (int c = 0; c < COLUMNS; c++) {
              byte[] family = c % 2 == 0 ? CF1 : CF2;
              cells.add(KeyValue.of(row, family, Bytes.toBytes("q" + c), 1000 + i, CellType.PUT,
                  value));
            }
            f.region.mutate(List.of(new RowEdit(row, cells)));
            writes.incrementAndGet();
          }
          return null;
        }));
      }
      for (int r = 0; r < 3; r++) {
        tasks.add(pool.submit(() -> {
          while (!stop.get()) {
            for (byte[] row : rows) {
              List<Cell> cells = f.region.get(row, ScanSpec.all());
              if (cells.isEmpty()) {
                continue;
              }
              assertEquals(COLUMNS, cells.size(), "a row with some columns missing");
              Set<String> values = new HashSet<>();
              for (Cell c : cells) {
                values.add(Bytes.toString(c.getValueArray(), c.getValueOffset(),
                    c.getValueLength()) + "@" + c.getTimestamp());
              }
              assertEquals(1, values.size(), "mixed values in one row: " + values);
              reads.incrementAndGet();
            }
          }
          return null;
        }));
      }
      tasks.add(pool.submit(() -> {
        while (!stop.get()) {
          f.region.flush();
          if (f.region.fileCount(CF1) > 0) {
            flushed.countDown();
          }
        }
        return null;
      }));
      for (int i = 0; i < 3; i++) {
        tasks.get(i).get();
      }
      stop.set(true);
      for (Future<?> t : tasks) {
        t.get();
      }
      pool.shutdown();
      assertEquals(900, writes.get());
      assertTrue(reads.get() > 0);
      assertTrue(f.region.fileCount(CF1) > 0, "flushes ran during the writes");
    }
  }
}
