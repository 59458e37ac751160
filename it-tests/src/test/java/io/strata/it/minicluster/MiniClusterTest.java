package io.strata.it.minicluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.RetriesExhaustedException;
import io.strata.client.Scan;
import io.strata.client.SplitAlgorithm;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.MetaLayout;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.regionserver.RegionServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A master and several region servers in one JVM: balancing, crashes, master restarts. */
class MiniClusterTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final TableName T = TableName.valueOf("spread");

  @TempDir
  Path dir;

  private static void createTable(Connection conn, int regions) throws Exception {
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(T).setColumnFamily(ColumnFamilyDescriptor
          .of("f")).build(), SplitAlgorithm.HEX_STRING, regions);
    }
  }

  private static String row(int i) {
    return String.format("%08x", (int) ((i * 2654435761L) & 0xFFFFFFFFL));
  }

  private static void write(Table t, int from, int to) throws Exception {
    List<Put> puts = new ArrayList<>();
    for (int i = from; i < to; i++) {
      puts.add(new Put(Bytes.toBytes(row(i))).addColumn(CF, Q, Bytes.toBytes(i)));
    }
    t.put(puts);
  }

  private static void assertRows(Table t, int count) throws Exception {
    for (int i = 0; i < count; i++) {
      Result r = t.get(new Get(Bytes.toBytes(row(i))));
      assertEquals(i, Bytes.toInt(r.getValue(CF, Q)), "row " + row(i));
    }
    int n = 0;
    try (ResultScanner s = t.getScanner(new Scan())) {
      for (Result r : s) {
        n++;
      }
    }
    assertEquals(count, n);
  }

  /** One raw call to the active master's service. */
  private static <T> T masterCall(MiniCluster c, String method,
      com.google.protobuf.MessageLite req, com.google.protobuf.Parser<T> parser)
      throws Exception {
    var m = c.master().serverName();
    try (var client = new io.strata.client.internal.rpc.RpcClient("test", 1);
        var conn = client.connect(new java.net.InetSocketAddress(m.host(), m.port()),
            "MasterService", Duration.ofSeconds(10))) {
      return conn.call(method, req, null, parser, Duration.ofSeconds(10), 1)
          .get(20, java.util.concurrent.TimeUnit.SECONDS).result();
    }
  }

  /** No open region reads a parent's files any more. */
  private static boolean noReferences(MiniCluster c) {
    for (RegionServer rs : c.regionServers()) {
      for (String name : rs.onlineRegionNames()) {
        var r = rs.region(name);
        if (r != null && r.hasReferences()) {
          return false;
        }
      }
    }
    return true;
  }

  private static int liveServers(Connection conn) {
    try {
      return conn.getAdmin().getClusterStatus().liveServers().size();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void theBalancerSpreadsRegionsOverNewServers() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 1)) {
      Connection conn = c.connect();
      createTable(conn, 12);
      Table t = conn.getTable(T);
      write(t, 0, 2000);
      assertEquals(14, c.regionServer(0).onlineRegionNames().size(),
          "12 regions, meta and quota");
      c.startRegionServer();
      c.startRegionServer();
      MiniCluster.waitFor(() -> liveServers(conn) == 3, Duration.ofSeconds(30),
          "three live region servers");
      // Each run moves at most a quarter of the regions; runs go on until one moves nothing.
      assertTrue(conn.getAdmin().balance());
      for (int run = 0; run < 10 && conn.getAdmin().balance(); run++) {
        // another run
      }
      List<Integer> counts = new ArrayList<>();
      for (RegionServer rs : c.regionServers()) {
        counts.add(rs.onlineRegionNames().size());
      }
      assertEquals(14, counts.stream().mapToInt(Integer::intValue).sum(), counts.toString());
      int max = counts.stream().mapToInt(Integer::intValue).max().orElseThrow();
      int min = counts.stream().mapToInt(Integer::intValue).min().orElseThrow();
      assertTrue(max - min <= 1, "regions per server " + counts);
      assertFalse(conn.getAdmin().balance(), "balanced already");
      assertRows(t, 2000);
    }
  }

  @Test
  void aKilledServersRegionsReopenWithEveryAcknowledgedWrite() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 3)) {
      Connection conn = c.connect();
      createTable(conn, 6);
      Table t = conn.getTable(T);
      write(t, 0, 3000);
      // Kill the server holding meta: meta and its user regions move, edits come from its WAL.
      int victim = -1;
      for (int i = 0; i < 3; i++) {
        if (c.regionServer(i).onlineRegionNames().contains(
            MetaLayout.META_REGION.getEncodedName())) {
          victim = i;
        }
      }
      assertTrue(victim >= 0);
      String walDir = RegionServer.walDir(new org.apache.hadoop.fs.Path(dir.resolve("root")
          .toUri()), c.regionServer(victim).serverName()).toUri().getPath();
      assertTrue(Files.isDirectory(Path.of(walDir)));
      c.killRegionServer(victim);
      assertRows(t, 3000);
      write(t, 3000, 3500);
      assertRows(t, 3500);
      int open = 0;
      for (int i = 0; i < 3; i++) {
        if (i != victim) {
          open += c.regionServer(i).onlineRegionNames().size();
        }
      }
      assertEquals(8, open, "6 regions, meta and quota on the two live servers");
      assertFalse(Files.exists(Path.of(walDir)), "the dead server's WALs are split and archived");
    }
  }

  @Test
  void aNewMasterTakesOverWithoutMovingRegions() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 2)) {
      Connection conn = c.connect();
      createTable(conn, 4);
      Table t = conn.getTable(T);
      write(t, 0, 500);
      List<String> before0 = c.regionServer(0).onlineRegionNames();
      List<String> before1 = c.regionServer(1).onlineRegionNames();
      c.restartMaster();
      assertEquals(before0, c.regionServer(0).onlineRegionNames());
      assertEquals(before1, c.regionServer(1).onlineRegionNames());
      try (Admin admin = conn.getAdmin()) {
        assertEquals(List.of(T), admin.listTableNames());
        assertEquals(4, admin.getRegions(T).size());
        assertTrue(admin.isTableEnabled(T));
      }
      assertRows(t, 500);
    }
  }

  @Test
  void withNoServerLeftAClientFailsClearlyWithinItsTimeout() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 1)) {
      Connection conn = c.connect();
      createTable(conn, 2);
      write(conn.getTable(T), 0, 100);
      Connection impatient = c.connect(c.configuration()
          .set("strata.client.operation.timeout", "3s").set("strata.client.rpc.timeout", "1s"));
      Table t = impatient.getTable(T);
      assertEquals(7, Bytes.toInt(t.get(new Get(Bytes.toBytes(row(7)))).getValue(CF, Q)));
      c.killRegionServer(0);
      long start = System.nanoTime();
      RetriesExhaustedException e = assertThrows(RetriesExhaustedException.class,
          () -> t.get(new Get(Bytes.toBytes(row(7)))));
      long millis = (System.nanoTime() - start) / 1_000_000;
      assertTrue(millis < 9_000, "gave up after " + millis + " ms, not within its 3 s timeout");
      assertTrue(e.getMessage().startsWith("get on table 'spread' row '" + row(7)
          + "' failed after "), e.getMessage());
      assertTrue(e.getMessage().contains("strata.client.operation.timeout"), e.getMessage());
    }
  }

  @Test
  void aNewMasterFinishesTheProceduresItsPredecessorLeft() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 1)) {
      Connection conn = c.connect();
      createTable(conn, 2);
      write(conn.getTable(T), 0, 100);
      c.stopMaster();
      // What a master that died mid-DDL leaves: a disable after its first step, and a create
      // that has not run a step yet (docs/formats/procedures.md).
      Path procs = dir.resolve("root").resolve("procedures");
      Files.createDirectories(procs);
      Files.write(procs.resolve("7.proc"), io.strata.common.proto.ProcedureProtos.ProcedureProto
          .newBuilder().setVersion(1).setId(7).setType(4).setStep(1)
          .setTableName(io.strata.common.schema.SchemaCodec.toProto(T)).build().toByteArray());
      TableName second = TableName.valueOf("second");
      Files.write(procs.resolve("8.proc"), io.strata.common.proto.ProcedureProtos.ProcedureProto
          .newBuilder().setVersion(1).setId(8).setType(1).setStep(0)
          .setTableName(io.strata.common.schema.SchemaCodec.toProto(second))
          .setTable(io.strata.common.schema.SchemaCodec.toProto(TableDescriptor
              .newBuilder(second).setColumnFamily(ColumnFamilyDescriptor.of("f")).build()))
          .addSplitKeys(com.google.protobuf.ByteString.copyFromUtf8("m")).build().toByteArray());
      c.startMaster();
      // Finished means the outcome is kept for waiting clients and the record is gone. (No
      // .proc alone is not enough: a step's save replaces the record by delete and rename.)
      MiniCluster.waitFor(() -> {
        try (var files = Files.list(procs)) {
          return Files.exists(procs.resolve("7.done")) && Files.exists(procs.resolve("8.done"))
              && files.noneMatch(f -> f.toString().contains(".proc"));
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }, Duration.ofSeconds(60), "the procedures to finish, their outcomes kept");
      // A client that waits across another failover still learns how they ended.
      c.restartMaster();
      assertEquals(io.strata.common.proto.MasterProtos.GetProcedureResultResponse.State.FINISHED,
          masterCall(c, "GetProcedureResult", io.strata.common.proto.MasterProtos
              .GetProcedureResultRequest.newBuilder().setProcId(7).build(),
              io.strata.common.proto.MasterProtos.GetProcedureResultResponse.parser())
              .getState());
      // A DDL call retried with its nonce gets the procedure its first try started.
      var create = io.strata.common.proto.MasterProtos.CreateTableRequest.newBuilder()
          .setTable(io.strata.common.schema.SchemaCodec.toProto(TableDescriptor
              .newBuilder(TableName.valueOf("once")).setColumnFamily(ColumnFamilyDescriptor
                  .of("f")).build())).setNonce(424242).build();
      long first = masterCall(c, "CreateTable", create,
          io.strata.common.proto.MasterProtos.ProcedureIdProto.parser()).getProcId();
      long again = masterCall(c, "CreateTable", create,
          io.strata.common.proto.MasterProtos.ProcedureIdProto.parser()).getProcId();
      assertEquals(first, again);
      try (Admin admin = conn.getAdmin()) {
        assertTrue(admin.isTableDisabled(T));
        assertTrue(admin.isTableEnabled(second));
        assertEquals(2, admin.getRegions(second).size());
        admin.enableTable(T);
      }
      assertRows(conn.getTable(T), 100);
      Table t2 = conn.getTable(second);
      t2.put(new Put(Bytes.toBytes("z")).addColumn(CF, Q, Bytes.toBytes(1)));
      assertEquals(1, Bytes.toInt(t2.get(new Get(Bytes.toBytes("z"))).getValue(CF, Q)));
    }
  }

  @Test
  void theMasterDeletesArchivedWalsAndFilesPastTheirTtl() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.master.cleaner.interval", "200ms")
        .set("strata.master.logcleaner.ttl", "2s")
        .set("strata.master.hfilecleaner.ttl", "2s")
        .set("strata.wal.roll.size", "8k")
        // Off, so that flushed WAL files go to oldWALs/ rather than to the recycled pool.
        .set("strata.regionserver.recycled.size", "0");
    Path root = dir.resolve("root");
    try (MiniCluster c = MiniCluster.start(conf, dir, 1)) {
      Connection conn = c.connect();
      createTable(conn, 1);
      Table t = conn.getTable(T);
      try (Admin admin = conn.getAdmin()) {
        for (int round = 0; round < 3; round++) {
          write(t, round * 400, (round + 1) * 400); // over 8 KB of WAL: rolls
          admin.flush(T); // the rolled WAL files' edits are all flushed: archived
        }
        MiniCluster.waitFor(() -> files(root.resolve("oldWALs")) > 0, Duration.ofSeconds(30),
            "WAL files to be archived");
        admin.majorCompact(T); // the three flushed files are archived
        MiniCluster.waitFor(() -> files(root.resolve("archive")) > 0, Duration.ofSeconds(30),
            "block files to be archived");
        MiniCluster.waitFor(() -> files(root.resolve("archive")) == 0
            && files(root.resolve("oldWALs")) == 0, Duration.ofSeconds(30),
            "the master's cleaner to delete the archived files");
      }
      assertRows(t, 1200);
    }
  }

  /** Regular files under {@code dir}, 0 when it does not exist. */
  private static long files(Path dir) {
    try (var walk = java.nio.file.Files.walk(dir)) {
      return walk.filter(java.nio.file.Files::isRegularFile).count();
    } catch (java.nio.file.NoSuchFileException e) {
      return 0;
    } catch (java.io.IOException | java.io.UncheckedIOException e) {
      return -1; // changed while walked: look again
    }
  }

  /** The server the cluster status says holds strata:meta. */
  private static String metaServer(Admin admin) throws Exception {
    for (var s : admin.getClusterStatus().liveServers()) {
      for (var r : s.regionLoads()) {
        if (r.region().isMetaRegion()) {
          return s.server().toString();
        }
      }
    }
    return null;
  }

  @Test
  void aMovedRegionIsFoundAgainAndSplitsKeepEveryRow() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 2)) {
      Connection conn = c.connect();
      createTable(conn, 2);
      Table t = conn.getTable(T);
      write(t, 0, 1000);
      assertRows(t, 1000); // the client has every location cached now
      try (Admin admin = conn.getAdmin(); ResultScanner open = t.getScanner(new Scan()
          .setCaching(10))) {
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 15; i++) {
          seen.add(Bytes.toString(open.next().getRow()));
        }
        for (var region : admin.getRegions(T)) {
          admin.move(region.getEncodedName(), null); // to the other server
        }
        assertRows(t, 1000); // stale locations: not serving, looked up again
        // The scan opened before the moves goes on where it was, on the new servers.
        for (Result r : open) {
          seen.add(Bytes.toString(r.getRow()));
        }
        List<String> all = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
          all.add(row(i));
        }
        all.sort(null);
        assertEquals(all, seen);
        // strata:meta moves too, as hbase:meta does (a graceful stop drains it with the rest).
        String metaWas = metaServer(admin);
        admin.move(MetaLayout.META_REGION.getEncodedName(), null);
        String metaIs = metaServer(admin);
        assertTrue(metaIs != null && !metaIs.equals(metaWas), metaWas + " -> " + metaIs);
        Connection fresh = c.connect(); // finds meta anew, through its znode
        assertRows(fresh.getTable(T), 1000);
        assertRows(t, 1000);
        admin.flush(T);
        admin.split(T, Bytes.toBytes(row(500)));
        assertEquals(3, admin.getRegions(T).size());
        assertRows(t, 1000);
        write(t, 1000, 1200);
        admin.majorCompact(T); // queued: daughters split again once they own their files
        MiniCluster.waitFor(() -> noReferences(c), Duration.ofSeconds(60),
            "compactions to rewrite the daughters' files");
        admin.split(T);
        assertEquals(6, admin.getRegions(T).size());
        assertRows(t, 1200);
      }
    }
  }

  @Test
  void aBackupMasterWaitsThenTakesOverAndRestartedServersServeAgain() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 2)) {
      Connection conn = c.connect();
      createTable(conn, 4);
      Table t = conn.getTable(T);
      write(t, 0, 800);
      var backup = c.startBackupMaster();
      assertFalse(backup.isActive(), "a second master waits");
      c.stopMaster();
      MiniCluster.waitFor(backup::isInitialized, Duration.ofSeconds(60),
          "the backup master to take over");
      c.promote(backup);
      assertTrue(conn.getAdmin().isTableEnabled(T));
      assertRows(t, 800);
      // A crashed server restarted: its regions were recovered elsewhere; the new one serves
      // what the balancer gives it.
      c.restartRegionServer(0, true);
      assertRows(t, 800);
      MiniCluster.waitFor(() -> liveServers(conn) == 2, Duration.ofSeconds(30),
          "two live region servers");
      conn.getAdmin().balance();
      assertTrue(c.regionServer(2).onlineRegionNames().size() >= 2,
          "the restarted server holds regions again");
      assertRows(t, 800);
    }
  }
}
