package io.strata.it.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.ClusterChecks;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table created with one region splits by itself as it is loaded (the default
 * increasing-to-upper-bound policy, here with a small flush size and max file size), while
 * readers read it; afterwards every row written is there once, with its value.
 */
class AutoSplitTest {
  private static final TableName T = TableName.valueOf("grows");
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ROWS = 12_000;

  @TempDir
  Path dir;

  private static byte[] row(int i) {
    return ClusterChecks.row(i);
  }

  private static byte[] value(int i) {
    byte[] v = new byte[200];
    new Random(i).nextBytes(v);
    return v;
  }

  @Test
  void aLoadedTableSplitsByItselfAndLosesNothing() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 2); Connection conn = c.connect();
        Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(T).setMemStoreFlushSize(128 * 1024)
          .setMaxFileSize(600 * 1024).setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      assertEquals(1, admin.getRegions(T).size());
      AtomicBoolean done = new AtomicBoolean();
      AtomicReference<Throwable> readerFailed = new AtomicReference<>();
      int[] written = new int[1];
      Thread reader = new Thread(() -> {
        Random random = new Random(7);
        try (Table t = conn.getTable(T)) {
          while (!done.get()) {
            int upTo = written[0];
            if (upTo == 0) {
              Thread.onSpinWait();
              continue;
            }
            int i = random.nextInt(upTo);
            Result r = t.get(new Get(row(i)));
            if (!java.util.Arrays.equals(value(i), r.getValue(F, Q))) {
              throw new AssertionError("row " + i + " read back wrong while splitting");
            }
          }
        } catch (Throwable e) {
          readerFailed.set(e);
        }
      }, "reader");
      reader.start();
      try (Table t = conn.getTable(T)) {
        List<Put> batch = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
          batch.add(new Put(row(i)).addColumn(F, Q, value(i)));
          if (batch.size() == 100) {
            t.put(batch);
            batch.clear();
            written[0] = i + 1;
          }
        }
        t.put(batch);
        written[0] = ROWS;
      } finally {
        done.set(true);
        reader.join(60_000);
      }
      if (readerFailed.get() != null) {
        throw new AssertionError("a reader failed", readerFailed.get());
      }
      admin.flush(T);
      MiniCluster.waitFor(() -> ClusterChecks.regions(admin, T) >= 4, Duration.ofMinutes(2),
          "the table to split into at least 4 regions by itself");
      int seen = 0;
      byte[] previous = null;
      java.util.Map<String, Integer> byRow = new java.util.HashMap<>();
      for (int i = 0; i < ROWS; i++) {
        byRow.put(Bytes.toStringBinary(row(i)), i);
      }
      try (Table t = conn.getTable(T); ResultScanner s = t.getScanner(new Scan())) {
        for (Result r : s) {
          assertTrue(previous == null || Bytes.compare(previous, r.getRow()) < 0,
              "rows out of order or repeated at " + Bytes.toStringBinary(r.getRow()));
          previous = r.getRow();
          Integer i = byRow.remove(Bytes.toStringBinary(r.getRow()));
          assertTrue(i != null, "a row nobody wrote: " + Bytes.toStringBinary(r.getRow()));
          assertTrue(java.util.Arrays.equals(value(i), r.getValue(F, Q)), "row " + i);
          seen++;
        }
      }
      assertEquals(ROWS, seen, "missing rows: " + byRow.keySet());
    }
  }

}
