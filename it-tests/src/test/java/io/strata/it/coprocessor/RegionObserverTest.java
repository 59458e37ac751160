package io.strata.it.coprocessor;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Delete;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.CoprocessorSpec;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Region observers on a mini cluster: each hook fires with its arguments, in priority order,
 * as the calling user; pre hooks bypass and change, post hooks change results; a veto fails its
 * call alone; a coprocessor bug unloads it or aborts its server.
 */
class RegionObserverTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final TableName T = TableName.valueOf("t");

  @TempDir
  Path dir;

  private static TableDescriptor table(CoprocessorSpec... cps) {
    TableDescriptor.Builder b = TableDescriptor.newBuilder(T)
        .setColumnFamily(ColumnFamilyDescriptor.of("f"));
    for (CoprocessorSpec cp : cps) {
      b.addCoprocessor(cp);
    }
    return b.build();
  }

  private static CoprocessorSpec spec(Class<?> c, int priority, Map<String, String> props) {
    return new CoprocessorSpec(c.getName(), null, priority, props);
  }

  @Test
  void hooksFireInPriorityOrderWithTheirArgumentsAsTheCaller() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.coprocessor.region.classes", Observers.Recorder.class.getName());
    try (MiniCluster cluster = MiniCluster.start(conf, dir, 1);
        Connection alice = ConnectionFactory.createConnection(cluster.configuration()
            .set("strata.client.user", "alice"))) {
      Admin admin = cluster.connect().getAdmin();
      Observers.CALLS.clear();
      // b's priority is lower than a's, so b runs first; the system one (PRIORITY_SYSTEM)
      // before both.
      admin.createTable(table(spec(Observers.Recorder.class, CoprocessorSpec.PRIORITY_USER + 10,
          Map.of("name", "a")), spec(Observers.OtherRecorder.class, CoprocessorSpec.PRIORITY_USER,
          Map.of("name", "b"))));
      MiniCluster.waitFor(() -> Observers.userCalls().size() == 3, Duration.ofSeconds(30),
          "the region to open");
      assertEquals(List.of("system postOpen  - t", "b postOpen  - t", "a postOpen  - t"),
          Observers.userCalls());

      Table t = alice.getTable(T);
      Observers.CALLS.clear();
      t.put(new Put(Bytes.toBytes("r1")).addColumn(F, Q, Bytes.toBytes("v")));
      assertTrue(t.get(new Get(Bytes.toBytes("r1"))).containsColumn(F, Q));
      assertTrue(t.exists(new Get(Bytes.toBytes("r1"))));
      t.put(List.of(new Put(Bytes.toBytes("r2")).addColumn(F, Q, F),
          new Put(Bytes.toBytes("r3")).addColumn(F, Q, F)));
      t.delete(new Delete(Bytes.toBytes("r1")));
      t.increment(new io.strata.client.Increment(Bytes.toBytes("r4")).addColumn(F, Q, 1));
      t.append(new io.strata.client.Append(Bytes.toBytes("r4")).addColumn(F, F, F));
      try (io.strata.client.ResultScanner scanner = t.getScanner(new io.strata.client.Scan())) {
        assertEquals(3, scanner.next(10).length); // r2, r3, r4
      }
      // Each hook of each coprocessor in turn; a batch's puts one after the other.
      List<String> expected = new java.util.ArrayList<>();
      for (String call : List.of("prePut r1", "postPut r1", "preGetOp r1", "postGetOp(1) r1",
          "preExists r1", "postExists(true) r1", "prePut r2", "prePut r3", "postPut r2",
          "postPut r3", "preDelete r1", "postDelete r1", "preIncrement r4",
          "postIncrement(1) r4", "preAppend r4", "postAppend(1) r4", "preScannerOpen ",
          "postScannerOpen ", "preScannerNext ", "postScannerNext(3,false) ", "preScannerClose ",
          "postScannerClose ")) {
        for (String name : List.of("system", "b", "a")) {
          expected.add(name + " " + call + " alice t");
        }
      }
      assertEquals(expected, Observers.userCalls());

      // A scanner called row by row: every call's hooks, none on a network thread.
      Observers.CALLS.clear();
      try (io.strata.client.ResultScanner scanner = t.getScanner(new io.strata.client.Scan()
          .setCaching(1))) {
        int rows = 0;
        while (scanner.next() != null) {
          rows++;
        }
        assertEquals(3, rows);
      }
      assertTrue(Observers.userCalls().stream().noneMatch(c -> c.startsWith("ON A NETWORK")),
          Observers.userCalls().toString());
      assertTrue(Observers.userCalls().stream().filter(c -> c.startsWith("a preScannerNext"))
          .count() >= 3, Observers.userCalls().toString());

      // A flush and a compaction, on the server's own threads: no caller.
      Observers.CALLS.clear();
      admin.flush(T);
      assertEquals(expect("preFlush", "postFlush"), Observers.userCalls());
      Observers.CALLS.clear();
      admin.majorCompact(T);
      MiniCluster.waitFor(() -> Observers.userCalls().size() == 6, Duration.ofSeconds(30),
          "the compaction");
      assertEquals(expect("preCompact(f,true)", "postCompact(f,true)"), Observers.userCalls());

      Observers.CALLS.clear();
      admin.disableTable(T);
      assertEquals(List.of("system preClose  - t", "b preClose  - t", "a preClose  - t"),
          Observers.userCalls());
    }
  }

  @Test
  void preHooksBypassAndChangeAndPostHooksChangeResults() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      Admin admin = conn.getAdmin();
      admin.createTable(table(spec(Observers.Shaper.class, CoprocessorSpec.PRIORITY_USER,
          Map.of())));
      Table t = conn.getTable(T);

      // A get answered by the hook, from nothing stored.
      Result virtual = t.get(new Get(Bytes.toBytes("virtual1")));
      assertEquals("made", Bytes.toString(virtual.getValue(F, Q)));
      assertEquals(7, virtual.getColumnLatestCell(F, Q).getTimestamp());
      assertTrue(t.exists(new Get(Bytes.toBytes("virtual2"))));
      assertFalse(t.exists(new Get(Bytes.toBytes("absent"))));

      // A put changed on its way in, and a post hook hiding a column on the way out.
      t.put(new Put(Bytes.toBytes("row")).addColumn(F, Q, Bytes.toBytes("v"))
          .addColumn(F, Bytes.toBytes("secret"), Bytes.toBytes("s")));
      Result row = t.get(new Get(Bytes.toBytes("row")));
      assertEquals(List.of("q=v", "stamp=observed"), columns(row));

      // Bypassed writes are not written, alone or in a batch; the others of the batch are.
      t.put(new Put(Bytes.toBytes("skip1")).addColumn(F, Q, F));
      t.put(List.of(new Put(Bytes.toBytes("skip2")).addColumn(F, Q, F),
          new Put(Bytes.toBytes("kept")).addColumn(F, Q, F)));
      assertTrue(t.get(new Get(Bytes.toBytes("skip1"))).isEmpty());
      assertTrue(t.get(new Get(Bytes.toBytes("skip2"))).isEmpty());
      assertEquals(List.of("q=f", "stamp=observed"), columns(t.get(new Get(
          Bytes.toBytes("kept")))));
      t.put(new Put(Bytes.toBytes("keep")).addColumn(F, Q, F));
      t.delete(new Delete(Bytes.toBytes("keep")));
      assertFalse(t.get(new Get(Bytes.toBytes("keep"))).isEmpty(), "the delete was bypassed");

      // A veto fails its own call, not retried, and writes nothing; in a batch, only its put.
      CoprocessorException veto = assertThrows(CoprocessorException.class,
          () -> t.put(new Put(Bytes.toBytes("bad1")).addColumn(F, Q, F)));
      assertEquals("row bad1 is refused", veto.getMessage());
      assertThrows(Exception.class, () -> t.put(List.of(
          new Put(Bytes.toBytes("bad2")).addColumn(F, Q, F),
          new Put(Bytes.toBytes("fine")).addColumn(F, Q, F))));
      assertTrue(t.get(new Get(Bytes.toBytes("bad1"))).isEmpty());
      assertTrue(t.get(new Get(Bytes.toBytes("bad2"))).isEmpty());
      assertFalse(t.get(new Get(Bytes.toBytes("fine"))).isEmpty());

      // An increment answered by the hook stores nothing; others count as usual.
      assertEquals(42L, Bytes.toLong(t.increment(new io.strata.client.Increment(
          Bytes.toBytes("fixed")).addColumn(F, Q, 5)).getValue(F, Q)));
      assertTrue(t.get(new Get(Bytes.toBytes("fixed"))).isEmpty());
      for (long expected = 1; expected <= 2; expected++) {
        assertEquals(expected, t.incrementColumnValue(Bytes.toBytes("counter"), F, Q, 1));
      }
      // An append changed on its way in (a mark added), its result changed on the way out.
      Result appended = t.append(new io.strata.client.Append(Bytes.toBytes("text"))
          .addColumn(F, Q, Bytes.toBytes("a")));
      assertEquals(List.of("q=a"), columns(appended));
      assertEquals(List.of("mark=!", "q=a"), columns(t.get(new Get(Bytes.toBytes("text")))));

      // A scan's rows and columns changed by the post hook.
      t.put(new Put(Bytes.toBytes("hidden1")).addColumn(F, Q, F));
      List<String> scanned = new java.util.ArrayList<>();
      try (io.strata.client.ResultScanner scanner = t.getScanner(new io.strata.client.Scan()
          .withStartRow(Bytes.toBytes("h")).withStopRow(Bytes.toBytes("s")))) {
        for (Result r : scanner) {
          scanned.add(Bytes.toString(r.getRow()) + " " + columns(r));
        }
      }
      assertEquals(List.of("keep [q=f, stamp=observed]", "kept [q=f, stamp=observed]",
          "row [q=v, stamp=observed]"), scanned);

      // Removed from the schema, the regions reopen without it.
      admin.modifyTable(table());
      t.put(new Put(Bytes.toBytes("plain")).addColumn(F, Q, F));
      assertEquals(List.of("q=f"), columns(t.get(new Get(Bytes.toBytes("plain")))));
    }
  }

  /** Each hook by the three recorders in turn, as the server's own work. */
  private static List<String> expect(String... hooks) {
    List<String> out = new java.util.ArrayList<>();
    for (String hook : hooks) {
      for (String name : List.of("system", "b", "a")) {
        out.add(name + " " + hook + "  - t");
      }
    }
    return out;
  }

  private static List<String> columns(Result r) {
    return java.util.Arrays.stream(r.rawCells()).map(c -> Bytes.toString(c.getQualifierArray(),
        c.getQualifierOffset(), c.getQualifierLength()) + "=" + Bytes.toString(
        c.getValueArray(), c.getValueOffset(), c.getValueLength())).toList();
  }

  @Test
  void aBugUnloadsTheCoprocessorOrAbortsTheServer() throws Exception {
    Put boom = new Put(Bytes.toBytes("boom")).addColumn(F, Q, F);
    StrataConfiguration unload = MiniCluster.configuration(dir.resolve("unload"))
        .set("strata.coprocessor.abortonerror", "false");
    try (MiniCluster cluster = MiniCluster.start(unload, dir.resolve("unload"), 1)) {
      Connection conn = cluster.connect();
      conn.getAdmin().createTable(table(spec(Observers.Boom.class,
          CoprocessorSpec.PRIORITY_USER, Map.of())));
      String region = conn.getAdmin().getRegions(T).get(0).getRegionNameAsString();
      CoprocessorException e = assertThrows(CoprocessorException.class,
          () -> conn.getTable(T).put(boom));
      assertEquals("coprocessor " + Observers.Boom.class.getName() + " threw"
          + " java.lang.IllegalStateException: boom from prePut and is unloaded from region "
          + region + " (strata.coprocessor.abortonerror is false)", e.getMessage());
      assertTrue(conn.getTable(T).get(new Get(boom.getRow())).isEmpty(), "nothing written");
      conn.getTable(T).put(boom); // unloaded: the region serves without it
      assertArrayEquals(F, conn.getTable(T).get(new Get(boom.getRow())).getValue(F, Q));
    }
    try (MiniCluster cluster = MiniCluster.start(MiniCluster.configuration(dir.resolve("abort"))
        .set("strata.client.retries.number", "0"), dir.resolve("abort"), 1)) {
      Connection conn = cluster.connect();
      conn.getAdmin().createTable(table(spec(Observers.Boom.class,
          CoprocessorSpec.PRIORITY_USER, Map.of())));
      CoprocessorException e = assertThrows(CoprocessorException.class,
          () -> conn.getTable(T).put(boom));
      assertTrue(e.getMessage().endsWith("; its server aborts"
          + " (strata.coprocessor.abortonerror)"), e.getMessage());
      MiniCluster.waitFor(() -> cluster.regionServer(0).isStopped(), Duration.ofSeconds(30),
          "the region server to abort");
    }
  }

  private static final String STAMPER = """
      package cpjar;

      import io.strata.client.Put;
      import io.strata.common.schema.Durability;
      import io.strata.server.coprocessor.CoprocessorEnvironment;
      import io.strata.server.coprocessor.ObserverContext;
      import io.strata.server.coprocessor.RegionCoprocessor;
      import io.strata.server.coprocessor.RegionCoprocessorEnvironment;
      import io.strata.server.coprocessor.RegionObserver;
      import java.util.Optional;

      public class Stamper implements RegionCoprocessor, RegionObserver {
        private byte[] stamp;

        @Override
        public void start(CoprocessorEnvironment<?> env) {
          stamp = env.getConfiguration().getRaw("stamp").getBytes();
        }

        @Override
        public Optional<RegionObserver> getRegionObserver() {
          return Optional.of(this);
        }

        @Override
        public void prePut(ObserverContext<RegionCoprocessorEnvironment> c, Put put,
            Durability durability) {
          boolean own = getClass().getClassLoader() != RegionObserver.class.getClassLoader();
          put.addColumn("f".getBytes(), "stamp".getBytes(), stamp);
          put.addColumn("f".getBytes(), "loader".getBytes(), (own ? "jar" : "server").getBytes());
        }
      }
      """;

  /** A jar of the class {@code cpjar.Stamper}, compiled here, on no class path. */
  private static Path stamperJar(Path dir) throws Exception {
    Path src = dir.resolve("src/cpjar/Stamper.java");
    java.nio.file.Files.createDirectories(src.getParent());
    java.nio.file.Files.writeString(src, STAMPER);
    Path classes = dir.resolve("classes");
    java.nio.file.Files.createDirectories(classes);
    String classPath = java.util.stream.Stream.of(io.strata.server.coprocessor.RegionObserver
        .class, Put.class, io.strata.common.schema.Durability.class)
        .map(c -> c.getProtectionDomain().getCodeSource().getLocation().getPath())
        .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
    int rc = javax.tools.ToolProvider.getSystemJavaCompiler().run(null, null, null,
        "-cp", classPath, "-d", classes.toString(), src.toString());
    assertEquals(0, rc, "compiling the coprocessor");
    Path jar = dir.resolve("stamper.jar");
    try (var out = new java.util.jar.JarOutputStream(java.nio.file.Files.newOutputStream(jar))) {
      out.putNextEntry(new java.util.jar.JarEntry("cpjar/Stamper.class"));
      out.write(java.nio.file.Files.readAllBytes(classes.resolve("cpjar/Stamper.class")));
      out.closeEntry();
    }
    return jar;
  }

  @Test
  void aCoprocessorLoadsFromItsJarWithItsProperties() throws Exception {
    Path jar = stamperJar(dir.resolve("jar"));
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      Connection conn = cluster.connect();
      Admin admin = conn.getAdmin();
      CoprocessorException missing = assertThrows(CoprocessorException.class,
          () -> admin.createTable(table(new CoprocessorSpec("cpjar.Stamper",
              "file:///nonexistent/stamper.jar", CoprocessorSpec.PRIORITY_USER, Map.of()))));
      assertEquals("coprocessor jar file:///nonexistent/stamper.jar of cpjar.Stamper does not"
          + " exist; copy the jar there first (a path on the cluster's file system, such as"
          + " hdfs:///coprocessors/cp.jar)", missing.getMessage());
      assertFalse(admin.tableExists(T));

      admin.createTable(table(new CoprocessorSpec("cpjar.Stamper", jar.toUri().toString(),
          CoprocessorSpec.PRIORITY_USER, Map.of("stamp", "v1"))));
      Table t = conn.getTable(T);
      t.put(new Put(Bytes.toBytes("r")).addColumn(F, Q, F));
      assertEquals(List.of("loader=jar", "q=f", "stamp=v1"), columns(t.get(new Get(
          Bytes.toBytes("r")))));
    }
  }
}
