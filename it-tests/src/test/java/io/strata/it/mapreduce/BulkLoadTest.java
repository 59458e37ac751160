package io.strata.it.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.server.blockfile.BlockFileOptions;
import io.strata.server.blockfile.BlockFileWriter;
import io.strata.server.bulkload.BulkLoad;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bulk loading block files into a mini cluster's tables: files straddling region boundaries
 * (the regions split after the files were written) are cut and loaded, every cell visible at
 * once; a server killed right after a load comes back with the loaded cells, which neither hide
 * later writes nor are hidden by earlier ones.
 */
class BulkLoadTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final TableName T = TableName.valueOf("loaded");

  @TempDir
  Path dir;

  private static byte[] row(int i) {
    return TableFormatsTest.row(i);
  }

  /** A block file of rows [from, to), each f:q = "bulk" + i at timestamp 100. */
  private static void write(Path file, int from, int to) throws IOException {
    Files.createDirectories(file.getParent());
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    BlockFileWriter w = BlockFileWriter.create(fs, new org.apache.hadoop.fs.Path(file.toUri()),
        BlockFileOptions.forFamily(ColumnFamilyDescriptor.of("f")));
    for (int i = from; i < to; i++) {
      w.append(KeyValue.of(row(i), F, Q, 100, CellType.PUT, Bytes.toBytes("bulk" + i)));
    }
    w.close();
  }

  private static Map<String, String> contents(Table t) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (ResultScanner rs = t.getScanner(new Scan())) {
      for (Result r : rs) {
        m.put(Bytes.toString(r.getRow()), Bytes.toString(r.getValue(F, Q)));
      }
    }
    return m;
  }

  private static Map<String, String> expected(int from, int to) {
    Map<String, String> m = new TreeMap<>();
    for (int i = from; i < to; i++) {
      m.put(Bytes.toString(row(i)), "bulk" + i);
    }
    return m;
  }

  @Test
  void filesStraddlingRegionsThatSplitSinceAreCutAndLoaded() throws Exception {
    try (MiniCluster mini = MiniCluster.start(dir.resolve("cluster"), 2)) {
      Connection conn = mini.connect();
      Admin admin = conn.getAdmin();
      admin.createTable(TableDescriptor.newBuilder(T)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(), new byte[][] {row(100)});
      Path bulk = dir.resolve("bulk");
      write(bulk.resolve("f/a"), 0, 150);   // straddles row100
      write(bulk.resolve("f/b"), 150, 300);
      admin.split(T, row(200));            // b straddles the new boundary
      MiniCluster.waitFor(() -> regions(admin) == 3, Duration.ofSeconds(60), "the split");

      int files = BulkLoad.load(conn, T, new org.apache.hadoop.fs.Path(bulk.toUri()),
          new Configuration());
      assertEquals(4, files, "each file cut once");
      assertEquals(expected(0, 300), contents(conn.getTable(T)));
      assertFalse(Files.exists(bulk.resolve("f/a")), "a loaded file leaves the directory");

      // A family the table lacks is named.
      write(bulk.resolve("nope/c"), 0, 10);
      IOException e = assertThrows(IOException.class, () -> BulkLoad.load(conn, T,
          new org.apache.hadoop.fs.Path(bulk.toUri()), new Configuration()));
      assertEquals("the bulk-load directory file:" + bulk.resolve("nope") + " is for family "
          + "nope, which table loaded does not have; its families are [f]", e.getMessage());
    }
  }

  private static int regions(Admin admin) {
    try {
      return admin.getRegions(T).size();
    } catch (IOException e) {
      return -1;
    }
  }

  @Test
  void loadedCellsSurviveACrashAndOrderWithWritesAroundTheLoad() throws Exception {
    try (MiniCluster mini = MiniCluster.start(dir.resolve("cluster"), 2)) {
      Connection conn = mini.connect();
      Admin admin = conn.getAdmin();
      admin.createTable(TableDescriptor.newBuilder(T)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      Table t = conn.getTable(T);
      // Before the load, at the loaded cells' own timestamp: the load must win.
      t.put(new Put(row(5)).addColumn(F, Q, 100, Bytes.toBytes("before")));
      Path bulk = dir.resolve("bulk");
      write(bulk.resolve("f/a"), 0, 50);
      assertEquals(1, BulkLoad.load(conn, T, new org.apache.hadoop.fs.Path(bulk.toUri()),
          new Configuration()));
      // After the load, at the same timestamp: the later write must win.
      t.put(new Put(row(6)).addColumn(F, Q, 100, Bytes.toBytes("after")));
      Map<String, String> want = expected(0, 50);
      want.put(Bytes.toString(row(6)), "after");
      assertEquals(want, contents(t));

      RegionInfo region = admin.getRegions(T).get(0);
      int victim = mini.regionServer(0).onlineRegionNames().contains(region.getEncodedName())
          ? 0 : 1;
      mini.killRegionServer(victim);
      MiniCluster.waitFor(() -> mini.regionServer(1 - victim).onlineRegionNames()
          .contains(region.getEncodedName()), Duration.ofSeconds(60), "the region to reopen");
      assertEquals(want, contents(t), "after the crash: the load kept, the later write "
          + "replayed over it");
      assertEquals("bulk5", Bytes.toString(t.get(new Get(row(5))).getValue(F, Q)));
    }
  }
}
