package io.strata.it.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.ConsistencyReport;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.AccessDeniedException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.MetaLayout;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.SchemaCodec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.shell.hbck.HbckMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * strata:meta damaged on purpose, in each way {@code bin/strata hbck} detects, by a process
 * holding the cluster secret (the only kind that can write meta): an unreadable region row, a
 * region row that overlaps another and has no directory, and a region placed on a dead server.
 * The master survives a restart over the damage, the undamaged tables serve, hbck reports each
 * problem, and hbck -fix repairs what cannot lose data: the unreadable row goes, the region it
 * described is added back from its directory (its rows readable again), the region on the dead
 * server is reopened; the overlap it leaves to the operator.
 */
class CatalogDamageTest {
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void hbckReportsEveryKindOfDamageAndFixesWhatIsSafe() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      Admin admin = conn.getAdmin();
      TableName a = TableName.valueOf("a");
      TableName b = TableName.valueOf("b");
      admin.createTable(TableDescriptor.newBuilder(a)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(),
          new byte[][] {Bytes.toBytes("g"), Bytes.toBytes("p")});
      admin.createTable(TableDescriptor.newBuilder(b)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      for (String row : List.of("c", "h", "q")) {
        conn.getTable(a).put(new Put(Bytes.toBytes(row)).addColumn(F, F, Bytes.toBytes(row)));
      }
      conn.getTable(b).put(new Put(F).addColumn(F, F, F));
      admin.flush(a); // the rows in block files, which stay when a region leaves meta

      assertEquals(new ConsistencyReport(3, 5, List.of()), admin.checkConsistency(false));
      assertEquals(new Hbck(0, "Checked strata:meta: 3 table(s), 5 region(s).\nStatus: OK\n"),
          hbck(cluster, List.of()));

      // The damage, as only a process with the cluster secret can do it: first a region row
      // that does not parse.
      StrataConfiguration peerConf = cluster.configuration().set(
          "strata.client.cluster.secret.file", dir.resolve("root/cluster.secret").toString());
      RegionInfo middle = admin.getRegions(a).get(1); // [g, p)
      RegionInfo bRegion = admin.getRegions(b).get(0);
      RegionInfo ghost = RegionInfo.newBuilder(a).setStartKey(Bytes.toBytes("p"))
          .setEndKey(Bytes.toBytes("t")).setRegionId(1).build();
      try (Connection peer = ConnectionFactory.createConnection(peerConf)) {
        peer.getTable(TableName.META).put(new Put(MetaLayout.regionRow(middle))
            .addColumn(MetaLayout.INFO, MetaLayout.REGION_INFO, Bytes.toBytes("garbage")));
      }

      // The master takes over all the same (it once stopped for good here), and the regions
      // meta still describes serve.
      cluster.restartMaster();
      assertArrayEquals(F, conn.getTable(b).get(new Get(F)).getValue(F, F));
      assertEquals("c", value(conn, a, "c"));

      // Then a row for a region that overlaps another and has no directory, and a row that
      // places a region on a server that is not there.
      try (Connection peer = ConnectionFactory.createConnection(peerConf)) {
        Table meta = peer.getTable(TableName.META);
        meta.put(new Put(MetaLayout.regionRow(ghost))
            .addColumn(MetaLayout.INFO, MetaLayout.REGION_INFO, SchemaCodec.serialize(ghost))
            .addColumn(MetaLayout.INFO, MetaLayout.STATE, Bytes.toBytes("CLOSED")));
        meta.put(new Put(MetaLayout.regionRow(bRegion))
            .addColumn(MetaLayout.INFO, MetaLayout.STATE, Bytes.toBytes("OPEN"))
            .addColumn(MetaLayout.INFO, MetaLayout.SERVER, Bytes.toBytes("gone,1,1")));
      }

      String middleRow = Bytes.toStringBinary(MetaLayout.regionRow(middle));
      Hbck found = hbck(cluster, List.of());
      assertEquals(1, found.exit(), found.out());
      List<String> lines = found.out().lines().toList();
      assertEquals("Checked strata:meta: 3 table(s), 5 region(s).", lines.get(0));
      assertTrue(lines.get(1).startsWith("ERROR UNREADABLE_META_ROW in a: strata:meta row '"
          + middleRow + "' (family info) cannot be read: "), lines.get(1));
      assertEquals("  -> hbck -fix deletes the row", lines.get(2));
      assertTrue(lines.get(3).matches("ERROR REGION_NOT_ON_DISK in a: region "
          + java.util.regex.Pattern.quote(ghost.getRegionNameAsString()) + " is in strata:meta"
          + " but .*/" + ghost.getEncodedName() + " holds no \\.regioninfo"), lines.get(3));
      assertTrue(lines.get(5).matches("ERROR REGION_NOT_IN_META in a: region directory .*"
          + middle.getEncodedName() + " \\(" + java.util.regex.Pattern.quote(
              middle.getRegionNameAsString()) + "\\) has no strata:meta row; it overlaps no"
          + " region"), lines.get(5));
      assertEquals("  -> hbck -fix adds it back to strata:meta", lines.get(6));
      assertEquals("ERROR HOLE in a: no region holds keys from 'g' to 'p'", lines.get(7));
      assertEquals("  -> hbck -fix fills it with an empty region", lines.get(8));
      assertTrue(lines.get(9).startsWith("ERROR OVERLAP in a: regions "), lines.get(9));
      assertTrue(lines.get(11).startsWith("ERROR ON_DEAD_SERVER in b: region "
          + bRegion.getRegionNameAsString() + " is OPEN on gone,1,1, which is not a live"
          + " region server"), lines.get(11));
      assertEquals("Status: INCONSISTENT (6 problem(s), 0 fixed)", lines.get(13));

      // -fix is only for a process holding the secret.
      AccessDeniedException denied = assertThrows(AccessDeniedException.class,
          () -> admin.checkConsistency(true));
      assertTrue(denied.getMessage().startsWith("hbck -fix is done only by the cluster's own"
          + " processes; run it as the user who runs the cluster"), denied.getMessage());

      Hbck fixed = hbck(cluster, List.of("-fix"));
      assertEquals(1, fixed.exit(), "the overlap and the ghost's missing directory remain:\n"
          + fixed.out());
      assertTrue(fixed.out().contains("FIXED UNREADABLE_META_ROW in a: "), fixed.out());
      assertTrue(fixed.out().contains("  -> added it back to strata:meta and opened it\n"),
          fixed.out());
      assertTrue(fixed.out().contains("FIXED ON_DEAD_SERVER in b: "), fixed.out());
      assertTrue(fixed.out().contains("  -> wrote where it is open, "
          + cluster.regionServer(0).serverName() + ", back to strata:meta\n"), fixed.out());
      assertTrue(fixed.out().endsWith("Status: INCONSISTENT (5 problem(s), 3 fixed)\n"),
          fixed.out());
      assertTrue(!fixed.out().contains("HOLE"), "the region added back left no hole");

      // The middle region's rows are back; the other tables' never left.
      MiniCluster.waitFor(() -> value(conn, a, "h") != null, Duration.ofSeconds(60),
          "the region added back to open");
      assertEquals("h", value(conn, a, "h"));
      assertEquals("c", value(conn, a, "c"));
      assertArrayEquals(F, conn.getTable(b).get(new Get(F)).getValue(F, F));

      // What is left: the ghost overlapping [p, end) with no directory, for the operator.
      ConsistencyReport left = admin.checkConsistency(false);
      assertEquals(List.of("REGION_NOT_ON_DISK", "OVERLAP"), left.findings().stream()
          .map(ConsistencyReport.Finding::kind).toList());
    }
  }

  private record Hbck(int exit, String out) {}

  /** Runs bin/strata hbck's main class against the cluster, as the cluster's user. */
  private static Hbck hbck(MiniCluster cluster, List<String> args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int exit;
    try (PrintStream p = new PrintStream(out, true, StandardCharsets.UTF_8)) {
      exit = HbckMain.run(args.toArray(new String[0]), cluster.configuration(), p, p);
    }
    return new Hbck(exit, out.toString(StandardCharsets.UTF_8));
  }

  private static String value(Connection conn, TableName t, String row) {
    try {
      byte[] v = conn.getTable(t).get(new Get(Bytes.toBytes(row))).getValue(F, F);
      return v == null ? null : Bytes.toString(v);
    } catch (java.io.IOException e) {
      return null;
    }
  }
}
