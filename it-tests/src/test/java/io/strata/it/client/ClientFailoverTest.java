package io.strata.it.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.AsyncConnection;
import io.strata.client.AsyncTable;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.RetriesExhaustedException;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Region servers going away under a client: success after reassignment or a clear error. */
class ClientFailoverTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @TempDir
  Path dir;

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("r%05d", i));
  }

  private static TableName create(Connection conn, String name, byte[]... splits)
      throws Exception {
    TableName t = TableName.valueOf(name);
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(t).setColumnFamily(ColumnFamilyDescriptor
          .of("f")).build(), splits);
    }
    return t;
  }

  @Test
  void aServerCrashingMidOperationGivesSuccessOrAClearErrorNeverAHang() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 3)) {
      Connection conn = c.connect();
      TableName name = create(conn, "crash", row(300), row(600));
      long timeoutMillis = 30_000; // the mini cluster's strata.client.operation.timeout
      try (AsyncConnection async = ConnectionFactory.createAsyncConnection(c.configuration())
          .get(30, TimeUnit.SECONDS)) {
        AsyncTable t = async.getTable(name);
        List<CompletableFuture<Void>> puts = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 0; i < 900; i++) {
          puts.add(t.put(new Put(row(i)).addColumn(CF, Q, Bytes.toBytes(i))));
          if (i == 300) {
            c.killRegionServer(1);
          }
        }
        List<Integer> acknowledged = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        for (int i = 0; i < puts.size(); i++) {
          long left = timeoutMillis + 15_000 - TimeUnit.NANOSECONDS.toMillis(
              System.nanoTime() - start);
          try {
            puts.get(i).get(Math.max(1, left), TimeUnit.MILLISECONDS);
            acknowledged.add(i);
          } catch (ExecutionException e) {
            String msg = e.getCause().getMessage();
            assertTrue(msg != null && !msg.isBlank(), "a clear error: " + e.getCause());
            errors.add(i + ": " + msg);
          }
          // A TimeoutException here (a hang) fails the test.
        }
        assertEquals(900, acknowledged.size() + errors.size());
        // Every acknowledged write survived the crash.
        Table blocking = conn.getTable(name);
        for (int i : acknowledged) {
          Result r = blocking.get(new Get(row(i)));
          assertEquals(i, Bytes.toInt(r.getValue(CF, Q)), "acknowledged row " + i);
        }
        assertTrue(acknowledged.size() >= 600, "most writes succeed after reassignment; "
            + "errors: " + errors.subList(0, Math.min(5, errors.size())));
      }
    }
  }

  @Test
  void aTablesOwnTimeoutsEndItsRetriesWithEveryAttemptListed() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 1)) {
      Connection conn = c.connect();
      TableName name = create(conn, "impatient");
      conn.getTable(name).put(new Put(row(1)).addColumn(CF, Q, Q)); // locations cached
      c.stopRegionServer(0);
      Table t = conn.getTableBuilder(name).setOperationTimeout(Duration.ofSeconds(3))
          .setRpcTimeout(Duration.ofMillis(500)).setRetryPause(Duration.ofMillis(20))
          .setMaxAttempts(4).build();
      long start = System.nanoTime();
      RetriesExhaustedException e = assertThrows(RetriesExhaustedException.class,
          () -> t.get(new Get(row(1))));
      long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
      assertTrue(took < 3_000 + 1_000, "gave up after " + took + " ms: " + e.getMessage());
      assertTrue(e.attempts() >= 1 && e.attempts() <= 4, e.getMessage());
      assertEquals(e.attempts(), e.attemptList().size());
      assertTrue(e.getMessage().matches("(?s).*\n  attempt 1 at \\+\\d+ ms: .*"),
          e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> conn.getTableBuilder(name)
          .setMaxAttempts(0));
    }
  }
}
