package io.strata.it.regions;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.error.BadRequestException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.ClusterChecks;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regions merge as a durable procedure while a writer writes and a reader scans: two adjacent
 * regions, then three, become one; every write is read back once, in order; the parents'
 * directories go once a compaction rewrote the merged region's files; merges that cannot be
 * are refused with the reason.
 */
class MergeTest {
  private static final TableName T = TableName.valueOf("merges");
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  @TempDir
  Path dir;

  private static byte[] row(int i) {
    return ClusterChecks.row(i);
  }

  @Test
  void adjacentRegionsMergeUnderLoadAndTheirParentsGo() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 2); Connection conn = c.connect();
        Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor
          .of("f")).build(), new byte[][] {Bytes.toBytes("4"), Bytes.toBytes("8"),
              Bytes.toBytes("c")});
      ConcurrentSkipListMap<String, Integer> written = new ConcurrentSkipListMap<>();
      try (Table t = conn.getTable(T)) {
        for (int i = 0; i < 2000; i++) {
          t.put(new Put(row(i)).addColumn(F, Q, Bytes.toBytes(i)));
          written.put(Bytes.toString(row(i)), i);
        }
      }
      admin.flush(T);
      AtomicBoolean stop = new AtomicBoolean();
      AtomicReference<Throwable> failed = new AtomicReference<>();
      Thread writer = new Thread(() -> {
        try (Table t = conn.getTable(T)) {
          for (int i = 2000; !stop.get(); i++) {
            t.put(new Put(row(i)).addColumn(F, Q, Bytes.toBytes(i)));
            written.put(Bytes.toString(row(i)), i);
          }
        } catch (Throwable e) {
          failed.set(e);
        }
      }, "writer");
      Thread reader = new Thread(() -> {
        try {
          while (!stop.get()) {
            int before = 2000;
            TreeMap<String, Integer> seen = scan(conn);
            for (int i = 0; i < before; i++) {
              if (!Integer.valueOf(i).equals(seen.get(Bytes.toString(row(i))))) {
                throw new AssertionError("row " + i + " missing from a scan during merges");
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
        List<RegionInfo> regions = admin.getRegions(T);
        assertEquals(4, regions.size());
        admin.mergeRegions(List.of(regions.get(0).getEncodedName(),
            regions.get(1).getRegionNameAsString()));
        List<RegionInfo> three = admin.getRegions(T);
        assertEquals(3, three.size());
        assertArrayEquals(new byte[0], three.get(0).getStartKey());
        assertArrayEquals(Bytes.toBytes("8"), three.get(0).getEndKey());
        // A merged region reads its parents' files until its compaction (which its open asks
        // for) rewrites them; only then may it merge again.
        admin.majorCompact(T);
        MiniCluster.waitFor(() -> noReferences(c), Duration.ofMinutes(1),
            "the merged region's compaction");
        admin.mergeRegions(three.stream().map(RegionInfo::getEncodedName).toList());
        List<RegionInfo> one = admin.getRegions(T);
        assertEquals(1, one.size());
        assertTrue(prometheus(c.master().infoPort())
            .contains("\nstrata_master_merges_total 2.0\n"), "the master counts two merges");
        assertArrayEquals(new byte[0], one.get(0).getStartKey());
        assertArrayEquals(new byte[0], one.get(0).getEndKey());
      } finally {
        stop.set(true);
        writer.join(60_000);
        reader.join(60_000);
      }
      if (failed.get() != null) {
        throw new AssertionError("a writer or reader failed", failed.get());
      }
      assertEquals(new TreeMap<>(written), scan(conn));

      // The parents' directories go once the merged region's compaction no longer reads them.
      admin.majorCompact(T);
      Path tableDir = dir.resolve("root/data/default/merges");
      String merged = admin.getRegions(T).get(0).getEncodedName();
      MiniCluster.waitFor(() -> regionDirs(tableDir).equals(List.of(merged)),
          Duration.ofMinutes(1), "only the merged region's directory to remain");
      assertEquals(new TreeMap<>(written), scan(conn));
    }
  }

  @Test
  void mergesThatCannotBeAreRefusedWithTheReason() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 1); Connection conn = c.connect();
        Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor
          .of("f")).build(), new byte[][] {Bytes.toBytes("4"), Bytes.toBytes("8")});
      List<RegionInfo> r = admin.getRegions(T);
      BadRequestException apart = assertThrows(BadRequestException.class,
          () -> admin.mergeRegions(List.of(r.get(0).getEncodedName(), r.get(2).getEncodedName())));
      assertTrue(apart.getMessage().contains("are not adjacent"), apart.getMessage());
      BadRequestException alone = assertThrows(BadRequestException.class,
          () -> admin.mergeRegions(List.of(r.get(0).getEncodedName())));
      assertTrue(alone.getMessage().contains("two or more regions"), alone.getMessage());
      BadRequestException twice = assertThrows(BadRequestException.class,
          () -> admin.mergeRegions(List.of(r.get(0).getEncodedName(), r.get(0).getEncodedName())));
      assertTrue(twice.getMessage().contains("is named twice"), twice.getMessage());
      BadRequestException unknown = assertThrows(BadRequestException.class,
          () -> admin.mergeRegions(List.of(r.get(0).getEncodedName(), "nope")));
      assertTrue(unknown.getMessage().contains("no region is named 'nope'"), unknown.getMessage());
      assertEquals(3, admin.getRegions(T).size());
    }
  }

  private static TreeMap<String, Integer> scan(Connection conn) throws Exception {
    TreeMap<String, Integer> out = new TreeMap<>();
    ClusterChecks.scanInOrder(conn, T, F, Q).forEach((r, v) -> out.put(r, Bytes.toInt(v)));
    return out;
  }

  /** The master's /prometheus page. */
  private static String prometheus(int port) throws Exception {
    java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
        java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:" + port
            + "/prometheus")).build(), java.net.http.HttpResponse.BodyHandlers.ofString());
    return r.body();
  }

  private static boolean noReferences(MiniCluster c) {
    return c.regionServers().stream().flatMap(rs -> rs.onlineRegionNames().stream()
        .map(rs::region)).filter(r -> r != null && r.info().getTable().equals(T))
        .noneMatch(r -> r.hasReferences());
  }

  private static List<String> regionDirs(Path tableDir) {
    try (var s = Files.list(tableDir)) {
      List<String> out = new ArrayList<>();
      s.filter(Files::isDirectory).map(p -> p.getFileName().toString())
          .filter(n -> !n.startsWith(".")).sorted().forEach(out::add);
      return out;
    } catch (java.io.IOException e) {
      return List.of("(unreadable: " + e + ")");
    }
  }
}
