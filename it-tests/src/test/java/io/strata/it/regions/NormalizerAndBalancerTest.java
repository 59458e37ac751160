package io.strata.it.regions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.ClusterChecks;
import io.strata.it.minicluster.MiniCluster;
import io.strata.server.regionserver.RegionServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The normalizer splits a table's oversized region and merges its undersized ones, and the
 * balancer spreads regions over a new server, while a writer writes and a reader scans; then
 * every write is read back once, in order.
 */
class NormalizerAndBalancerTest {
  private static final TableName T = TableName.valueOf("normal");
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @TempDir
  Path dir;

  /** Rows of region {@code "a"} (the big one) or of the small ones, by prefix. */
  private static byte[] row(String prefix, int i) {
    return Bytes.toBytes(prefix + String.format("%06d", i));
  }

  @Test
  void normalizerAndBalancerChangeRegionsUnderLoadAndLoseNothing() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.normalizer.merge.min.region.age", "0s")
        .set("strata.normalizer.period", "0s");
    try (MiniCluster c = MiniCluster.start(conf, dir, 1); Connection conn = c.connect();
        Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(T).setNormalizationEnabled(true)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(), new byte[][] {
              Bytes.toBytes("a"), Bytes.toBytes("b"), Bytes.toBytes("c"), Bytes.toBytes("d"),
              Bytes.toBytes("e"), Bytes.toBytes("f")});
      ConcurrentSkipListMap<String, Integer> written = new ConcurrentSkipListMap<>();
      byte[] value = new byte[500];
      try (Table t = conn.getTable(T)) {
        // Region [a, b) gets 20,000 rows; [b, c) to [f, ...) 20 each; [, a) none.
        for (int i = 0; i < 20_000; i++) {
          t.put(new Put(row("a", i)).addColumn(F, Q, value));
          written.put(Bytes.toString(row("a", i)), 500);
        }
        for (String p : List.of("b", "c", "d", "e", "f")) {
          for (int i = 0; i < 20; i++) {
            t.put(new Put(row(p, i)).addColumn(F, Q, value));
            written.put(Bytes.toString(row(p, i)), 500);
          }
        }
      }
      admin.flush(T);
      AtomicBoolean stop = new AtomicBoolean();
      AtomicReference<Throwable> failed = new AtomicReference<>();
      Thread writer = new Thread(() -> {
        try (Table t = conn.getTable(T)) {
          for (int i = 0; !stop.get(); i++) {
            byte[] v = Bytes.toBytes(i);
            t.put(new Put(row("z", i)).addColumn(F, Q, v));
            written.put(Bytes.toString(row("z", i)), 4);
          }
        } catch (Throwable e) {
          failed.set(e);
        }
      }, "writer");
      Thread reader = new Thread(() -> {
        try {
          while (!stop.get()) {
            TreeMap<String, Integer> seen = scan(conn);
            for (int i = 0; i < 20_000; i += 997) {
              if (!seen.containsKey(Bytes.toString(row("a", i)))) {
                throw new AssertionError("row a" + i + " missing from a scan");
              }
            }
          }
        } catch (Throwable e) {
          failed.set(e);
        }
      }, "reader");
      writer.start();
      reader.start();
      try {
        // The load reports carry every region's size after the flush (the normalizer plans from
        // them: from reports older than the flush it would see no data anywhere).
        MiniCluster.waitFor(() -> reported(c), Duration.ofSeconds(30), "region sizes reported");
        assertTrue(admin.normalize());
        // [a, b) splits; [, a) .. [f, ) are small: runs of them merge.
        try {
          MiniCluster.waitFor(() -> {
            List<RegionInfo> rs = regions(admin);
            return rs != null && rs.stream().filter(r -> Bytes.toString(r.getStartKey())
                .startsWith("a")).count() == 2 && rs.size() < 7;
          }, Duration.ofMinutes(1), "the normalizer to split [a, b) and merge small regions");
        } catch (AssertionError e) {
          throw new AssertionError(e.getMessage() + "; regions now: " + describe(admin), e);
        }

        assertTrue(admin.normalizerSwitch(false), "it was on");
        assertFalse(admin.isNormalizerEnabled());
        assertFalse(admin.normalize(), "switched off: normalize does nothing");
        assertFalse(admin.normalizerSwitch(true), "it was off");

        // A second server: the balancer moves regions to it, a share per run.
        c.startRegionServer();
        MiniCluster.waitFor(() -> ClusterChecks.liveServers(admin) == 2, Duration.ofSeconds(30),
            "a second region server");
        for (int run = 0; run < 10 && admin.balance(); run++) {
          // moved some; run again
        }
        for (RegionServer rs : c.regionServers()) {
          assertTrue(rs.onlineRegionNames().size() >= 2, "a server holds "
              + rs.onlineRegionNames());
        }
      } finally {
        stop.set(true);
        writer.join(60_000);
        reader.join(60_000);
      }
      if (failed.get() != null) {
        throw new AssertionError("the writer or reader failed", failed.get());
      }
      TreeMap<String, Integer> seen = scan(conn);
      assertEquals(written.size(), seen.size());
      assertEquals(new TreeMap<>(written), seen);
    }
  }

  /** Whether the load reports show the flushed files: every region but [, a) has one. */
  private static boolean reported(MiniCluster c) {
    try (Connection conn = c.connect(); Admin admin = conn.getAdmin()) {
      return admin.getClusterStatus().liveServers().stream()
          .flatMap(s -> s.regionLoads().stream())
          .filter(l -> l.region().getTable().equals(T) && l.region().getStartKey().length > 0
              && l.storeFiles() >= 1).count() == 6;
    } catch (Exception e) {
      return false;
    }
  }

  private static String describe(Admin admin) {
    try {
      StringBuilder b = new StringBuilder();
      for (var s : admin.getClusterStatus().liveServers()) {
        for (var l : s.regionLoads()) {
          if (l.region().getTable().equals(T)) {
            b.append('[').append(Bytes.toString(l.region().getStartKey())).append(", ")
                .append(Bytes.toString(l.region().getEndKey())).append(") files ")
                .append(l.storeFiles()).append(" bytes ").append(l.storeFileBytes())
                .append("; ");
          }
        }
      }
      return b.toString();
    } catch (Exception e) {
      return e.toString();
    }
  }

  private static List<RegionInfo> regions(Admin admin) {
    try {
      return admin.getRegions(T);
    } catch (Exception e) {
      return null;
    }
  }

  /** Row to value length, checking order and that no row comes twice. */
  private static TreeMap<String, Integer> scan(Connection conn) throws Exception {
    TreeMap<String, Integer> out = new TreeMap<>();
    ClusterChecks.scanInOrder(conn, T, F, Q).forEach((r, v) -> out.put(r, v.length));
    return out;
  }
}
