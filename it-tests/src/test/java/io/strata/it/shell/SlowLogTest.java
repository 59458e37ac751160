package io.strata.it.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.LogQueryFilter;
import io.strata.client.OnlineLogRecord;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The slow log keeps calls over its thresholds with their parameters, client and user; Admin
 * and the shell read, filter and clear it, as HBase 2.4's.
 */
class SlowLogTest {
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void keepsFiltersAndClearsSlowAndLargeCalls() throws Exception {
    // Every call is slow (over 0 ms); one over 1,000 bytes is large.
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.regionserver.slowlog.threshold", "0ms")
        .set("strata.regionserver.slowlog.size.threshold", "1000")
        .set("strata.regionserver.slowlog.ringbuffer.size", "64");
    try (MiniCluster mini = MiniCluster.start(conf, dir, 1)) {
      // Over TCP, as a client on another host: its address is host:port.
      Connection conn = mini.connect(mini.configuration().copy()
          .set("strata.rpc.local.sockets", "false"));
      Admin admin = conn.getAdmin();
      for (String t : List.of("t", "u")) {
        admin.createTable(TableDescriptor.newBuilder(TableName.valueOf(t))
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      }
      Table t = conn.getTable(TableName.valueOf("t"));
      Table u = conn.getTable(TableName.valueOf("u"));
      t.put(new Put(Bytes.toBytes("big")).addColumn(F, F, new byte[2000]));
      u.put(new Put(Bytes.toBytes("small")).addColumn(F, F, new byte[10]));
      for (int i = 0; i < 5; i++) {
        t.get(new Get(Bytes.toBytes("row" + i)));
      }
      ServerName rs = mini.regionServer(0).serverName();
      String region = conn.getRegionLocator(TableName.valueOf("t")).getAllRegionLocations()
          .get(0).region().getEncodedName();

      LogQueryFilter ofT = new LogQueryFilter();
      ofT.setTableName("t");
      ofT.setLimit(64);
      List<OnlineLogRecord> slow = admin.getSlowLogResponses(Set.of(rs), ofT);
      List<OnlineLogRecord> gets = slow.stream().filter(r -> r.getMethodName().equals("get"))
          .toList();
      assertEquals(5, gets.size(), slow.toString());
      for (int i = 0; i < 5; i++) {
        OnlineLogRecord g = gets.get(i); // newest first
        assertTrue(g.getParam().contains("row" + (4 - i)), g.getParam());
        assertEquals(region, g.getRegionName());
        assertEquals("t", g.getTableName());
        assertEquals(rs, g.getServerName());
        assertTrue(g.getClientAddress().startsWith("127.0.0.1:"), g.getClientAddress());
        assertEquals(System.getProperty("user.name"), g.getUserName());
      }
      assertTrue(slow.stream().allMatch(r -> r.getTableName().equals("t")), "table filter");

      LogQueryFilter large = new LogQueryFilter();
      large.setType(LogQueryFilter.Type.LARGE_LOG);
      large.setLimit(64);
      List<OnlineLogRecord> big = admin.getSlowLogResponses(Set.of(rs), large);
      assertEquals(1, big.size(), big.toString());
      assertEquals("put", big.get(0).getMethodName());
      assertEquals("t", big.get(0).getTableName());
      assertTrue(big.get(0).getRequestSize() > 2000);

      // OR (the default) takes a call matching either field; AND only one matching both.
      LogQueryFilter either = new LogQueryFilter();
      either.setTableName("u");
      either.setUserName("nobody");
      either.setLimit(64);
      assertEquals(1, admin.getSlowLogResponses(Set.of(rs), either).size());
      either.setFilterByOperator(LogQueryFilter.FilterByOperator.AND);
      assertEquals(0, admin.getSlowLogResponses(Set.of(rs), either).size());

      // The ring keeps the newest 64.
      for (int i = 0; i < 100; i++) {
        u.get(new Get(Bytes.toBytes("x" + i)));
      }
      LogQueryFilter all = new LogQueryFilter();
      all.setLimit(1000);
      assertEquals(64, admin.getSlowLogResponses(Set.of(rs), all).size());

      ShellRunner shell = new ShellRunner(mini.configuration());
      ShellRunner.Outcome out = shell.execute(
          "get_slowlog_responses '*', {'TABLE_NAME' => 'u', 'LIMIT' => 2}");
      assertEquals(0, out.status(), out.err());
      assertTrue(out.out().startsWith("Retrieved SlowLog Responses from RegionServers\n[\n{\n"),
          out.out());
      assertEquals(2, out.out().split("\"method_name\": \"get\"", -1).length - 1, out.out());
      assertTrue(out.out().contains("\"param\": \"region { encoded_name: "), out.out());
      ShellRunner.Outcome bad = shell.execute("get_slowlog_responses '*', {'LIMIT' => 0}");
      assertEquals(1, bad.status());
      assertTrue(bad.err().contains("LIMIT must be a positive number of calls, got 0"),
          bad.err());

      // Through the local socket, a process on this machine: named by its pid.
      try (Connection local = mini.connect()) {
        local.getTable(TableName.valueOf("u")).get(new Get(Bytes.toBytes("local")));
        LogQueryFilter newest = new LogQueryFilter();
        newest.setLimit(1);
        assertEquals("local pid " + ProcessHandle.current().pid(),
            admin.getSlowLogResponses(Set.of(rs), newest).get(0).getClientAddress());
      }

      // The region server's status page lists them too.
      java.net.http.HttpResponse<String> page = java.net.http.HttpClient.newHttpClient().send(
          java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:"
              + mini.regionServer(0).infoPort() + "/")).build(),
          java.net.http.HttpResponse.BodyHandlers.ofString());
      assertTrue(page.body().contains("<td>get</td>") && page.body().contains("Slow calls"),
          page.body());

      ShellRunner.Outcome cleared = shell.execute("clear_slowlog_responses");
      assertEquals("Cleared Slowlog responses from 1/1 RegionServers\nTook T seconds\n",
          cleared.out());
      LogQueryFilter none = new LogQueryFilter();
      none.setTableName("t");
      assertEquals(List.of(), admin.getSlowLogResponses(Set.of(rs), none));
    }
  }
}
