package io.strata.it.cluster;

import static io.strata.it.cluster.ClusterTestSupport.table;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.client.Admin;
import io.strata.client.Append;
import io.strata.client.CheckAndMutate;
import io.strata.client.ClusterStatus;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Increment;
import io.strata.client.NamespaceDescriptor;
import io.strata.client.Put;
import io.strata.client.RegionLocation;
import io.strata.client.RegionLocator;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.RowMutations;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.common.error.NamespaceNotFoundException;
import io.strata.common.error.NoSuchFamilyException;
import io.strata.common.error.TableDisabledException;
import io.strata.common.error.TableNotFoundException;
import io.strata.common.error.TableReadOnlyException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.server.launcher.StandaloneCluster;
import io.strata.server.region.Region;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The client API operators' tools build on (the admin shell among them): raw scans, read-only
 * tables, compactions of one family, region locators, namespace changes and per-region loads,
 * against one standalone cluster whose automatic compactions are off, so file counts change
 * only when a test asks.
 */
class OperatorApiTest {
  private static final byte[] A = Bytes.toBytes("a");
  private static final byte[] B = Bytes.toBytes("b");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final byte[] X = Bytes.toBytes("x");
  private static final byte[] Y = Bytes.toBytes("y");
  private static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir
  static Path root;
  private static StandaloneCluster cluster;
  private static Connection conn;

  @BeforeAll
  static void start() throws IOException {
    cluster = StandaloneCluster.start(ClusterTestSupport.conf(root)
        .set("strata.compaction.enabled", "false"));
    conn = ConnectionFactory.createConnection(cluster.clientConfiguration());
  }

  @AfterAll
  static void stop() throws IOException {
    if (conn != null) {
      conn.close();
    }
    if (cluster != null) {
      cluster.stop();
    }
  }

  private static void drop(Admin admin, TableName t) throws IOException {
    admin.disableTable(t);
    admin.deleteTable(t);
  }

  /** The error {@code call} throws is {@code expected}'s type with exactly its message. */
  private static void assertSameError(Exception expected, Executable call) {
    Exception e = assertThrows(Exception.class, call);
    assertEquals(expected.getClass(), e.getClass(), e.toString());
    assertEquals(expected.getMessage(), e.getMessage());
  }

  /** Each cell of the scan as "row family:qualifier@ts TYPE value". */
  private static List<String> cells(Table t, Scan scan) throws IOException {
    List<String> out = new ArrayList<>();
    try (ResultScanner s = t.getScanner(scan)) {
      for (Result r : s) {
        for (Cell c : r.rawCells()) {
          out.add(Bytes.toString(c.getRowArray(), c.getRowOffset(), c.getRowLength()) + " "
              + Bytes.toString(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength())
              + ":" + Bytes.toString(c.getQualifierArray(), c.getQualifierOffset(),
              c.getQualifierLength()) + "@" + c.getTimestamp() + " " + c.getType() + " "
              + Bytes.toString(c.getValueArray(), c.getValueOffset(), c.getValueLength()));
        }
      }
    }
    return out;
  }

  private static Region hosted(RegionInfo r) {
    return cluster.regionServer().region(r.getEncodedName());
  }

  @Test
  void rawScansShowMaskedCellsUntilAFlushAndDeleteMarkersUntilAMajorCompaction() throws Exception {
    TableName name = TableName.valueOf("raw");
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(table("raw", "a", "b")); // VERSIONS 1
      Table t = conn.getTable(name);
      byte[] r1 = Bytes.toBytes("r1");
      byte[] r2 = Bytes.toBytes("r2");
      t.put(new Put(r1).addColumn(A, Q, 1, Bytes.toBytes("v1"))
          .addColumn(A, Q, 2, Bytes.toBytes("v2")).addColumn(A, Q, 3, Bytes.toBytes("v3"))
          .addColumn(A, X, 1, Bytes.toBytes("x1")).addColumn(B, Y, 4, Bytes.toBytes("y4")));
      t.put(new Put(r2).addColumn(A, Q, 7, Bytes.toBytes("w7"))
          .addColumn(A, Q, 8, Bytes.toBytes("w8")));
      t.delete(new Delete(r1).addColumn(A, Q, 3)); // a version
      t.delete(new Delete(r1).addColumns(A, X, 5)); // a column
      t.delete(new Delete(r1).addFamily(B, 6)); // a family
      t.delete(new Delete(r2).addFamilyVersion(A, 7)); // a family's version
      List<String> stored = List.of(
          "r1 a:q@3 DELETE ",
          "r1 a:q@3 PUT v3",
          "r1 a:q@2 PUT v2",
          "r1 a:q@1 PUT v1",
          "r1 a:x@5 DELETE_COLUMN ",
          "r1 a:x@1 PUT x1",
          "r1 b:@6 DELETE_FAMILY ",
          "r1 b:y@4 PUT y4",
          "r2 a:@7 DELETE_FAMILY_VERSION ",
          "r2 a:q@8 PUT w8",
          "r2 a:q@7 PUT w7");
      List<String> visible = List.of("r1 a:q@2 PUT v2", "r2 a:q@8 PUT w8");
      assertEquals(stored, cells(t, new Scan().setRaw(true).readAllVersions()));
      assertEquals(visible, cells(t, new Scan().readAllVersions()));
      // Markers count as versions: one cell a column.
      assertEquals(List.of("r1 a:q@3 DELETE ", "r1 a:x@5 DELETE_COLUMN ",
          "r1 b:@6 DELETE_FAMILY ", "r1 b:y@4 PUT y4", "r2 a:@7 DELETE_FAMILY_VERSION ",
          "r2 a:q@8 PUT w8"), cells(t, new Scan().setRaw(true)));
      // Reversed: the same rows backwards, each row's cells still in order.
      List<String> backwards = new ArrayList<>(stored.subList(8, 11));
      backwards.addAll(stored.subList(0, 8));
      assertEquals(backwards, cells(t, new Scan().setRaw(true).readAllVersions()
          .setReversed(true)));

      // Flushed, the markers are in block files and show the same; the flush kept none of the
      // cells they masked, nor versions past VERSIONS, as HBase's does.
      admin.flush(name);
      assertEquals(List.of("r1 a:q@3 DELETE ", "r1 a:q@2 PUT v2", "r1 a:x@5 DELETE_COLUMN ",
          "r1 b:@6 DELETE_FAMILY ", "r2 a:@7 DELETE_FAMILY_VERSION ", "r2 a:q@8 PUT w8"),
          cells(t, new Scan().setRaw(true).readAllVersions()));
      assertEquals(visible, cells(t, new Scan()));
      // A major compaction keeps only what readers see; raw scans then show just that.
      admin.majorCompact(name);
      MiniCluster.waitFor(() -> {
        try {
          return cells(t, new Scan().setRaw(true).readAllVersions()).equals(visible);
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }, WAIT, "the major compaction to drop markers and masked cells");
      drop(admin, name);
    }
  }

  @Test
  void aReadOnlyTableRefusesWritesUntilAlteredBack() throws Exception {
    TableName name = TableName.valueOf("ro");
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(table("ro", "a"), new byte[][] {Bytes.toBytes("m")});
      Table t = conn.getTable(name);
      byte[] row = Bytes.toBytes("r");
      t.put(new Put(row).addColumn(A, Q, Bytes.toBytes("before")));
      admin.modifyTable(TableDescriptor.newBuilder(admin.getDescriptor(name)).setReadOnly(true)
          .build());

      TableReadOnlyException refused = new TableReadOnlyException("ro");
      assertEquals("table 'ro' is read-only; allow writes with alter 'ro', READONLY => false",
          refused.getMessage());
      Put put = new Put(row).addColumn(A, Q, Bytes.toBytes("after"));
      assertSameError(refused, () -> t.put(put));
      assertSameError(refused, () -> t.delete(new Delete(row)));
      assertSameError(refused, () -> t.increment(new Increment(row).addColumn(A, X, 1)));
      assertSameError(refused, () -> t.append(new Append(row).addColumn(A, Q,
          Bytes.toBytes("+"))));
      assertSameError(refused, () -> t.checkAndMutate(CheckAndMutate.newBuilder(row)
          .ifNotExists(A, X).build(put)));
      assertSameError(refused, () -> t.mutateRow(new RowMutations(row).add(put)));
      // A batch over both regions: every action refused alike, so the error comes as itself.
      assertSameError(refused, () -> t.put(List.of(put,
          new Put(Bytes.toBytes("z")).addColumn(A, Q, Bytes.toBytes("after")))));

      // Reads, flushes and compactions go on.
      assertArrayEquals(Bytes.toBytes("before"), t.get(new Get(row)).getValue(A, Q));
      admin.flush(name);
      admin.majorCompact(name);
      assertArrayEquals(Bytes.toBytes("before"), t.get(new Get(row)).getValue(A, Q));

      admin.modifyTable(TableDescriptor.newBuilder(admin.getDescriptor(name))
          .setReadOnly(false).build());
      t.put(put);
      assertArrayEquals(Bytes.toBytes("after"), t.get(new Get(row)).getValue(A, Q));
      drop(admin, name);
    }
  }

  @Test
  void aCompactionOfOneFamilyLeavesTheOtherFamilysFiles() throws Exception {
    TableName name = TableName.valueOf("fams");
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(table("fams", "a", "b"));
      Table t = conn.getTable(name);
      for (int i = 0; i < 3; i++) {
        t.put(new Put(Bytes.toBytes("r" + i)).addColumn(A, Q, Bytes.toBytes(i))
            .addColumn(B, Q, Bytes.toBytes(i)));
        admin.flush(name);
      }
      RegionInfo info = admin.getRegions(name).get(0);
      Region region = hosted(info);
      assertEquals(3, region.fileCount(A));
      assertEquals(3, region.fileCount(B));

      admin.majorCompact(name, A);
      MiniCluster.waitFor(() -> region.fileCount(A) == 1, WAIT, "family a's compaction");
      assertEquals(3, region.fileCount(B));
      MiniCluster.waitFor(() -> storeFiles(info) == 4, WAIT, "a load report of 1 + 3 files");

      admin.compactRegion(info.getEncodedName(), B, true);
      MiniCluster.waitFor(() -> region.fileCount(B) == 1, WAIT, "family b's compaction");
      assertEquals(1, region.fileCount(A));

      NoSuchFamilyException unknown = new NoSuchFamilyException("fams", "zz", List.of("a", "b"));
      assertSameError(unknown, () -> admin.majorCompact(name, Bytes.toBytes("zz")));
      assertSameError(unknown, () -> admin.compact(name, Bytes.toBytes("zz")));
      assertSameError(unknown, () -> admin.compactRegion(info.getRegionNameAsString(),
          Bytes.toBytes("zz"), false));
      for (int i = 0; i < 3; i++) {
        Result r = t.get(new Get(Bytes.toBytes("r" + i)));
        assertEquals(i, Bytes.toInt(r.getValue(A, Q)));
        assertEquals(i, Bytes.toInt(r.getValue(B, Q)));
      }
      drop(admin, name);
    }
  }

  /** Store files of the region in the master's latest report, or -1 before it has one. */
  private static long storeFiles(RegionInfo region) {
    ClusterStatus.RegionLoad load = regionLoad(region);
    return load == null ? -1 : load.storeFiles();
  }

  private static ClusterStatus.RegionLoad regionLoad(RegionInfo region) {
    try (Admin admin = conn.getAdmin()) {
      for (ClusterStatus.ServerLoad s : admin.getClusterStatus().liveServers()) {
        for (ClusterStatus.RegionLoad r : s.regionLoads()) {
          if (r.region().equals(region)) {
            return r;
          }
        }
      }
      return null;
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void theClusterStatusCarriesEachRegionsLoad() throws Exception {
    TableName name = TableName.valueOf("loads");
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(table("loads", "a"), new byte[][] {Bytes.toBytes("r50")});
      Table t = conn.getTable(name);
      for (int i = 0; i < 100; i++) {
        t.put(new Put(Bytes.toBytes(String.format("r%02d", i))).addColumn(A, Q,
            new byte[100]));
      }
      for (int i = 0; i < 3; i++) {
        t.get(new Get(Bytes.toBytes("r01")));
      }
      admin.flush(name);
      List<RegionInfo> regions = admin.getRegions(name);
      // 50 puts each (one write request each), 3 gets in the first, one file each.
      List<ClusterStatus.RegionLoad> expected = List.of(
          new ClusterStatus.RegionLoad(regions.get(0), 0, 1,
              hosted(regions.get(0)).storeFileBytes(), 3, 50),
          new ClusterStatus.RegionLoad(regions.get(1), 0, 1,
              hosted(regions.get(1)).storeFileBytes(), 0, 50));
      // Null until a report of the new region reached the master.
      MiniCluster.waitFor(() -> expected.equals(Arrays.asList(regionLoad(regions.get(0)),
          regionLoad(regions.get(1)))), WAIT, "load reports of " + expected);
      ClusterStatus.ServerLoad server = admin.getClusterStatus().liveServers().get(0);
      assertEquals(server.regions(), server.regionLoads().size());
      assertEquals(server.storeFiles(), server.regionLoads().stream()
          .mapToLong(ClusterStatus.RegionLoad::storeFiles).sum());
      drop(admin, name);
    }
  }

  @Test
  void aRegionLocatorFindsRegionsAndReloadsStaleOnes() throws Exception {
    TableName name = TableName.valueOf("located");
    try (Admin admin = conn.getAdmin();
        Connection other = ConnectionFactory.createConnection(cluster.clientConfiguration())) {
      admin.createTable(table("located", "a"), new byte[][] {Bytes.toBytes("g"),
          Bytes.toBytes("p")});
      var server = cluster.regionServer().serverName();
      RegionLocator locator = conn.getRegionLocator(name);
      assertEquals(name, locator.getName());
      List<RegionInfo> regions = admin.getRegions(name);
      assertEquals(regions.stream().map(r -> new RegionLocation(r, server)).toList(),
          locator.getAllRegionLocations());
      assertArrayEquals(new byte[][] {Bytes.EMPTY, Bytes.toBytes("g"), Bytes.toBytes("p")},
          locator.getStartKeys());
      assertArrayEquals(new byte[][] {Bytes.toBytes("g"), Bytes.toBytes("p"), Bytes.EMPTY},
          locator.getEndKeys());
      assertEquals(new RegionLocation(regions.get(0), server),
          locator.getRegionLocation(Bytes.EMPTY));
      assertEquals(new RegionLocation(regions.get(1), server),
          locator.getRegionLocation(Bytes.toBytes("h")));
      assertEquals(new RegionLocation(regions.get(2), server),
          locator.getRegionLocation(Bytes.toBytes("z"), true));

      // Another client caches [g, p); a split replaces it by [g, m) and [m, p).
      RegionLocator cached = other.getRegionLocator(name);
      assertEquals(regions.get(1), cached.getRegionLocation(Bytes.toBytes("h")).region());
      admin.split(name, Bytes.toBytes("m"));
      RegionInfo lower = admin.getRegions(name).get(1);
      assertArrayEquals(Bytes.toBytes("m"), lower.getEndKey());
      assertEquals(regions.get(1), cached.getRegionLocation(Bytes.toBytes("h")).region(),
          "from the cache");
      assertEquals(new RegionLocation(lower, server),
          cached.getRegionLocation(Bytes.toBytes("h"), true));
      assertEquals(lower, cached.getRegionLocation(Bytes.toBytes("h")).region(),
          "the reload refreshed the cache");
      assertEquals(4, locator.getStartKeys().length);

      // Disabled: the regions are listed without a server; a row has no location.
      admin.disableTable(name);
      assertEquals(Collections.nCopies(4, null), locator.getAllRegionLocations().stream()
          .map(RegionLocation::server).toList());
      assertSameError(new TableDisabledException("located"),
          () -> locator.getRegionLocation(Bytes.toBytes("h"), true));
      admin.deleteTable(name);

      TableNotFoundException missing = new TableNotFoundException("located");
      assertSameError(missing, () -> locator.getRegionLocation(Bytes.toBytes("h"), true));
      assertSameError(missing, locator::getAllRegionLocations);
    }
  }

  @Test
  void modifyNamespaceReplacesItsConfiguration() throws Exception {
    try (Admin admin = conn.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create("ops").addConfiguration("owner", "ann")
          .addConfiguration("tier", "gold").build());
      admin.modifyNamespace(NamespaceDescriptor.create("ops").addConfiguration("owner", "bob")
          .addConfiguration("team", "storage").build());
      assertEquals(Map.of("owner", "bob", "team", "storage"),
          admin.getNamespaceDescriptor("ops").getConfiguration());
      admin.modifyNamespace(NamespaceDescriptor.create("ops").build());
      assertEquals(Map.of(), admin.getNamespaceDescriptor("ops").getConfiguration());
      assertSameError(new NamespaceNotFoundException("nowhere"),
          () -> admin.modifyNamespace(NamespaceDescriptor.create("nowhere").build()));
      admin.deleteNamespace("ops");
      assertEquals(List.of("default", "strata"), admin.listNamespaceDescriptors().stream()
          .map(NamespaceDescriptor::getName).toList());
    }
  }
}
