package io.strata.it.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.SplitAlgorithm;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.launcher.StandaloneCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone cluster through the launcher class bin/strata uses, over real sockets: a table
 * pre-split into 8 regions written by 8 threads and read back exactly, and 16 threads
 * incrementing one counter.
 */
class StandaloneEndToEndTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @TempDir
  Path root;

  static String row(int i) {
    // Hex-prefixed rows spread over HexStringSplit regions.
    return String.format("%08x-%06d", (int) ((i * 2654435761L) & 0xFFFFFFFFL), i);
  }

  @Test
  void writeReadScanAndCountOnEightRegions() throws Exception {
    StandaloneCluster cluster = StandaloneCluster.start(ClusterTestSupport.conf(root));
    try (Connection conn = ConnectionFactory.createConnection(cluster.clientConfiguration());
        Admin admin = conn.getAdmin()) {
      TableName name = TableName.valueOf("e2e");
      admin.createTable(TableDescriptor.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(), SplitAlgorithm.HEX_STRING, 8);
      assertEquals(8, admin.getRegions(name).size());
      Table table = conn.getTable(name);

      int rows = 100_000;
      int threads = 8;
      ExecutorService pool = Executors.newFixedThreadPool(16);
      List<Future<?>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int first = t;
        fs.add(pool.submit(() -> {
          List<Put> batch = new ArrayList<>();
          for (int i = first; i < rows; i += threads) {
            batch.add(new Put(Bytes.toBytes(row(i))).addColumn(CF, Q, Bytes.toBytes(i)));
            if (batch.size() == 500) {
              table.put(batch);
              batch = new ArrayList<>();
            }
          }
          table.put(batch);
          return null;
        }));
      }
      for (Future<?> f : fs) {
        f.get();
      }
      // Gets: every row, exact value.
      for (int i = 0; i < rows; i += 7) {
        Result r = table.get(new Get(Bytes.toBytes(row(i))));
        assertEquals(i, Bytes.toInt(r.getValue(CF, Q)), row(i));
      }
      List<Get> gets = new ArrayList<>();
      for (int i = 1; i < rows; i += 97) {
        gets.add(new Get(Bytes.toBytes(row(i))));
      }
      gets.add(new Get(Bytes.toBytes("no-such-row")));
      Result[] batchResults = table.get(gets);
      for (int k = 0; k < gets.size() - 1; k++) {
        assertEquals(1 + 97 * k, Bytes.toInt(batchResults[k].getValue(CF, Q)));
      }
      assertTrue(batchResults[gets.size() - 1].isEmpty());
      // A full scan: every row once, in order, exact values.
      int n = 0;
      String last = "";
      try (ResultScanner s = table.getScanner(new Scan().setCaching(777))) {
        for (Result r : s) {
          String key = Bytes.toString(r.getRow());
          assertTrue(key.compareTo(last) > 0, key + " after " + last);
          int i = Integer.parseInt(key.substring(9));
          assertEquals(row(i), key);
          assertEquals(i, Bytes.toInt(r.getValue(CF, Q)));
          last = key;
          n++;
        }
      }
      assertEquals(rows, n);

      // 16 threads x 1,000 increments of one counter: 16,000, every returned value unique.
      byte[] counter = Bytes.toBytes("counter");
      Set<Long> seen = ConcurrentHashMap.newKeySet();
      List<Future<?>> incs = new ArrayList<>();
      for (int t = 0; t < 16; t++) {
        incs.add(pool.submit(() -> {
          for (int i = 0; i < 1000; i++) {
            long v = table.incrementColumnValue(counter, CF, Q, 1);
            assertTrue(seen.add(v), "value " + v + " returned twice");
          }
          return null;
        }));
      }
      for (Future<?> f : incs) {
        f.get();
      }
      assertEquals(16_000, Bytes.toLong(table.get(new Get(counter)).getValue(CF, Q)));
      assertEquals(16_000, seen.size());
      pool.shutdown();
    } finally {
      cluster.stop();
    }
  }

}
