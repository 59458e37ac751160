package io.strata.it.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.error.BadRequestException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.ClusterChecks;
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
 * Splits, merges, the normalizer and the balancer on a cluster of processes (a master and 3
 * region servers on loopback aliases), while a writer writes and a reader scans: a table of one
 * region splits by itself, two of its regions merge, the normalizer and the balancer run; every
 * acknowledged write is then read back once, in order.
 */
class RegionChangesOnHostsTest {
  private static final TableName T = TableName.valueOf("changes");
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  private static byte[] row(int i) {
    return ClusterChecks.row(i);
  }

  @Test
  void regionsSplitMergeAndMoveUnderLoadAndNothingIsLost() throws Exception {
    try (HostCluster c = HostCluster.start(dir.resolve("cluster"),
        dir.resolve("root").toUri().toString(), 1, 1, 3,
        List.of("-Dstrata.normalizer.merge.min.region.age=0s"));
        Connection conn = ConnectionFactory.createConnection(c.clientConfiguration());
        Admin admin = conn.getAdmin()) {
      c.waitFor(() -> ClusterChecks.liveServers(admin) == 3, Duration.ofMinutes(1),
          "three region servers");
      admin.createTable(TableDescriptor.newBuilder(T).setMemStoreFlushSize(128 * 1024)
          .setMaxFileSize(400 * 1024).setNormalizationEnabled(true)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      ConcurrentSkipListMap<String, Integer> acked = new ConcurrentSkipListMap<>();
      AtomicBoolean stop = new AtomicBoolean();
      AtomicReference<Throwable> failed = new AtomicReference<>();
      Thread writer = new Thread(() -> {
        try (Table t = conn.getTable(T)) {
          for (int i = 0; !stop.get(); i++) {
            try {
              t.put(new Put(row(i)).addColumn(F, F, value(i)));
              acked.put(Bytes.toString(row(i)), i);
            } catch (Exception e) {
              // not acknowledged
            }
          }
        } catch (Throwable e) {
          failed.set(e);
        }
      }, "writer");
      Thread reader = new Thread(() -> {
        try {
          while (!stop.get()) {
            scan(conn);
          }
        } catch (Throwable e) {
          failed.set(e);
        }
      }, "reader");
      writer.start();
      reader.start();
      try {
        c.waitFor(() -> ClusterChecks.regions(admin, T) >= 4, Duration.ofMinutes(2),
            "the table to split by itself into 4 regions");
        // Merge the first two regions once neither reads its parent's files any more.
        c.waitFor(() -> {
          try {
            List<RegionInfo> rs = admin.getRegions(T);
            admin.mergeRegions(List.of(rs.get(0).getEncodedName(),
                rs.get(1).getEncodedName()));
            return true;
          } catch (BadRequestException refs) {
            try {
              admin.majorCompact(T);
            } catch (Exception e) {
              // the next try compacts again
            }
            return false;
          } catch (Exception e) {
            return false;
          }
        }, Duration.ofMinutes(2), "two regions to merge");
        assertTrue(admin.normalize());
        admin.balance();
        int now = acked.size();
        c.waitFor(() -> acked.size() > now + 500, Duration.ofMinutes(1), "writes after all that");
      } finally {
        stop.set(true);
        writer.join(120_000);
        reader.join(120_000);
      }
      if (failed.get() != null) {
        throw new AssertionError("the writer or reader failed\n" + c.outputs(), failed.get());
      }
      TreeMap<String, Integer> seen = scan(conn);
      for (var e : acked.entrySet()) {
        assertEquals(e.getValue(), seen.get(e.getKey()), "row " + e.getKey());
      }
      assertTrue(seen.size() >= acked.size());
    }
  }

  /** 300 bytes that start with {@code i}. */
  private static byte[] value(int i) {
    return java.nio.ByteBuffer.allocate(300).putInt(i).array();
  }

  /** Each row's number, checking rows come in order, once each. */
  private static TreeMap<String, Integer> scan(Connection conn) throws Exception {
    TreeMap<String, Integer> out = new TreeMap<>();
    ClusterChecks.scanInOrder(conn, T, F, F).forEach((r, v) -> out.put(r,
        java.nio.ByteBuffer.wrap(v).getInt()));
    return out;
  }
}
