package io.strata.it.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.ClusterStatus;
import io.strata.client.Connection;
import io.strata.client.Put;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.RegionInfo;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.it.shell.ShellRunner.Outcome;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What the shell shows of regions follows the master's assignment at once: a split's daughters
 * and a moved region are listed as soon as the command that made them returns, though the
 * servers report their loads only once an hour here. A move with nowhere to go says so.
 */
class ShellShowsChangesAtOnceTest {
  @TempDir
  Path dir;

  @Test
  void splitsAndMovesShowAtOnceAndAMoveNowhereSaysSo() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(MiniCluster.configuration(dir)
        .set("strata.regionserver.report.interval", "1h"), dir, 1)) {
      Connection conn = cluster.connect();
      Admin admin = conn.getAdmin();
      ShellRunner shell = new ShellRunner(cluster.configuration());
      TableName t = TableName.valueOf("t");
      admin.createTable(TableDescriptor.newBuilder(t)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      byte[] f = Bytes.toBytes("f");
      conn.getTable(t).put(new Put(Bytes.toBytes("a")).addColumn(f, f, f));
      ServerName first = cluster.regionServer(0).serverName();
      RegionInfo whole = admin.getRegions(t).get(0);

      String encoded = whole.getEncodedName();
      assertEquals("Region " + encoded + " is already on " + first + ", the only live region"
          + " server; not moved\n", shell.execute("move '" + encoded + "'").out()
          .replaceAll("Took .*\n", ""));
      assertEquals("Region " + encoded + " is already on " + first + "; not moved\n",
          shell.execute("move '" + encoded + "', '" + first + "'").out()
              .replaceAll("Took .*\n", ""));
      // The master, asked directly, leaves it open where it is, as HBase's does.
      admin.move(encoded, first);
      assertEquals(Map.of(encoded, first), placesOf(admin, t));

      admin.split(t, Bytes.toBytes("m"));
      List<RegionInfo> daughters = admin.getRegions(t);
      assertEquals(2, daughters.size());
      assertEquals(Map.of(daughters.get(0).getEncodedName(), first,
          daughters.get(1).getEncodedName(), first), placesOf(admin, t));
      Outcome listed = shell.execute("list_regions 't', {}, ['start_key', 'end_key']");
      assertEquals("", listed.err());
      assertTrue(listed.out().startsWith(String.join("\n", " START_KEY | END_KEY |",
          " --------- | ------- |", "           |       m |", "         m |         |",
          " 2 rows") + "\n"), listed.out());

      cluster.startRegionServer();
      ServerName second = cluster.regionServer(1).serverName();
      MiniCluster.waitFor(() -> liveServers(admin) == 2, Duration.ofSeconds(30),
          "the master to know the second server");
      RegionInfo moving = daughters.get(1);
      Outcome moved = shell.execute("move '" + moving.getEncodedName() + "'");
      assertEquals("", moved.err());
      assertTrue(moved.out().startsWith("Took "), moved.out());
      assertEquals(Map.of(daughters.get(0).getEncodedName(), first,
          moving.getEncodedName(), second), placesOf(admin, t));
      String out = shell.execute("status 'detailed'").out();
      int firstAt = out.indexOf("\n    " + first.getAddress() + " " + first.startCode() + "\n");
      int secondAt = out.indexOf("\n    " + second.getAddress() + " " + second.startCode()
          + "\n");
      int movedAt = out.indexOf("\n        \"" + moving.getRegionNameAsString() + "\"\n");
      int stayedAt = out.indexOf("\n        \"" + daughters.get(0).getRegionNameAsString()
          + "\"\n");
      assertTrue(firstAt > 0 && secondAt > 0 && movedAt > 0 && stayedAt > 0, out);
      assertTrue(under(movedAt, secondAt, firstAt), "the moved region under its new server:\n"
          + out);
      assertTrue(under(stayedAt, firstAt, secondAt), "the other daughter under its server:\n"
          + out);
    }
  }

  /** Whether the line at {@code at} is in the block of the server at {@code server}. */
  private static boolean under(int at, int server, int otherServer) {
    return at > server && (otherServer < server || otherServer > at);
  }

  private static int liveServers(Admin admin) {
    try {
      return admin.getClusterStatus().liveServers().size();
    } catch (java.io.IOException e) {
      return -1;
    }
  }

  /** The table's regions by encoded name, each with the server status lists it under. */
  private static Map<String, ServerName> placesOf(Admin admin, TableName t) throws Exception {
    Map<String, ServerName> places = new TreeMap<>();
    ClusterStatus status = admin.getClusterStatus();
    for (ClusterStatus.ServerLoad s : status.liveServers()) {
      for (ClusterStatus.RegionLoad r : s.regionLoads()) {
        if (r.region().getTable().equals(t)) {
          places.put(r.region().getEncodedName(), s.server());
        }
      }
    }
    return places;
  }
}
