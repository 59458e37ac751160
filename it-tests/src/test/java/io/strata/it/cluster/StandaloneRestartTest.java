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
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.launcher.StandaloneCluster;
import java.io.IOException;
import java.nio.file.Files;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone cluster stopped and started again keeps every table and row; killed with
 * SIGKILL in the middle of writes (a real child process running the launcher's main class), it
 * comes back with every acknowledged write.
 */
class StandaloneRestartTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final TableName T = TableName.valueOf("ns1:durable");

  @TempDir
  Path root;
  private Process child;

  @AfterEach
  void killChild() throws InterruptedException {
    if (child != null && child.isAlive()) {
      child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }

  private static void create(Connection conn) throws IOException {
    try (Admin admin = conn.getAdmin()) {
      admin.createNamespace(io.strata.client.NamespaceDescriptor.create("ns1").build());
      admin.createTable(TableDescriptor.newBuilder(T).setColumnFamily(
          ColumnFamilyDescriptor.of("f")).build(), SplitAlgorithm.HEX_STRING, 4);
    }
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("%08x", (int) ((i * 2654435761L) & 0xFFFFFFFFL)));
  }

  @Test
  void aCleanStopAndStartKeepsEveryTableAndRow() throws Exception {
    StrataConfiguration conf = ClusterTestSupport.conf(root);
    StandaloneCluster first = StandaloneCluster.start(conf);
    try (Connection conn = ConnectionFactory.createConnection(first.clientConfiguration())) {
      create(conn);
      Table t = conn.getTable(T);
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 5000; i++) {
        puts.add(new Put(row(i)).addColumn(CF, Q, Bytes.toBytes(i)));
      }
      t.put(puts);
      conn.getAdmin().createTable(TableDescriptor.newBuilder(TableName.valueOf("off"))
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      conn.getAdmin().disableTable(TableName.valueOf("off"));
    } finally {
      first.stop();
    }
    // Every region was flushed: the WAL directory of the stopped server is archived.
    assertEquals(List.of(), listOrEmpty(root.resolve("wals")));
    StandaloneCluster second = StandaloneCluster.start(conf);
    try (Connection conn = ConnectionFactory.createConnection(second.clientConfiguration());
        Admin admin = conn.getAdmin()) {
      assertEquals(List.of(TableName.valueOf("off"), T), admin.listTableNames());
      assertTrue(admin.isTableDisabled(TableName.valueOf("off")));
      assertEquals(4, admin.getRegions(T).size());
      Table t = conn.getTable(T);
      for (int i = 0; i < 5000; i++) {
        assertEquals(i, Bytes.toInt(t.get(new Get(row(i))).getValue(CF, Q)));
      }
      assertEquals(5000, count(t));
    } finally {
      second.stop();
    }
  }

  private static List<String> listOrEmpty(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return List.of();
    }
    try (var s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private static int count(Table t) throws IOException {
    int n = 0;
    try (ResultScanner s = t.getScanner(new Scan())) {
      for (Result r : s) {
        n++;
      }
    }
    return n;
  }

  /** Starts the launcher's main class in a child JVM; returns its ZooKeeper address. */
  private String startChild(Path info) throws Exception {
    StandaloneChild c = StandaloneChild.start(root, info);
    child = c.process();
    return c.zookeeper();
  }

  private StrataConfiguration client(String zk) {
    return ClusterTestSupport.conf(root).set("strata.zookeeper.quorum", zk)
        .set("strata.client.operation.timeout", "5s").set("strata.client.rpc.timeout", "2s");
  }

  @Test
  void aSigkillMidWriteLosesNoAcknowledgedWrite() throws Exception {
    sigkillMidWrite(() -> { });
  }

  /**
   * The recycled files' pool holds eight 1 MB files of random bytes when the child starts, so
   * its WAL file is written over one of them: after the kill the file still has most of its
   * random earlier bytes after the last entry, and replay must stop exactly there.
   */
  @Test
  void aSigkillWithTheWalWrittenOverARecycledFileLosesNoAcknowledgedWrite() throws Exception {
    Path pool = Files.createDirectories(root.resolve("archive").resolve("recycled"));
    java.util.Random rnd = new java.util.Random(7);
    for (int i = 0; i < 8; i++) {
      byte[] junk = new byte[1 << 20];
      rnd.nextBytes(junk);
      Files.write(pool.resolve("seeded" + i), junk);
    }
    sigkillMidWrite(() -> {
      List<Long> sizes = new ArrayList<>();
      try (var files = Files.walk(root.resolve("wals"))) {
        files.filter(Files::isRegularFile).forEach(f -> sizes.add(f.toFile().length()));
      }
      assertTrue(sizes.stream().anyMatch(n -> n >= 1 << 20), "no WAL file was written over "
          + "a pooled one: sizes " + sizes);
    });
  }

  /** Checks made while the killed child's files are as it left them. */
  private interface AfterKill {
    void check() throws Exception;
  }

  /**
   * Four writers write into a standalone child until 3,000 writes are acknowledged; then a
   * SIGKILL, {@code afterKill}, a restart, and every acknowledged write is read.
   */
  private void sigkillMidWrite(AfterKill afterKill) throws Exception {
    Path info = root.resolve("standalone.info");
    Map<Integer, Integer> acked = new ConcurrentHashMap<>();
    try (Connection conn = ConnectionFactory.createConnection(client(startChild(info)))) {
      create(conn);
      Table t = conn.getTable(T);
      AtomicBoolean stop = new AtomicBoolean();
      List<Thread> writers = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        int first = w;
        Thread th = new Thread(() -> {
          for (int i = first; !stop.get(); i += 4) {
            try {
              t.put(new Put(row(i)).addColumn(CF, Q, Bytes.toBytes(i)));
              acked.put(i, i);
            } catch (IOException e) {
              return; // the server is gone
            }
          }
        });
        th.start();
        writers.add(th);
      }
      MiniCluster.waitFor(() -> acked.size() >= 3000, Duration.ofSeconds(60),
          "3,000 acknowledged writes");
      child.toHandle().destroyForcibly(); // SIGKILL, writers still writing
      child.waitFor(30, TimeUnit.SECONDS);
      afterKill.check();
      stop.set(true);
      for (Thread th : writers) {
        th.join(30_000);
      }
    }
    assertTrue(acked.size() >= 3000, "only " + acked.size() + " writes before the kill");
    try (Connection conn = ConnectionFactory.createConnection(client(startChild(info)))) {
      Table t = conn.getTable(T);
      List<Get> gets = new ArrayList<>();
      List<Integer> ids = new ArrayList<>(acked.keySet());
      for (int i : ids) {
        gets.add(new Get(row(i)));
      }
      Result[] results = t.get(gets);
      for (int k = 0; k < ids.size(); k++) {
        byte[] v = results[k].getValue(CF, Q);
        assertTrue(v != null, "acknowledged row " + ids.get(k) + " is missing after the kill");
        assertEquals((int) ids.get(k), Bytes.toInt(v));
      }
    }
    child.destroy(); // SIGTERM: the clean stop
    assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the child did not stop on SIGTERM");
  }
}
