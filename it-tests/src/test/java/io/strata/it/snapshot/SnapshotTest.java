package io.strata.it.snapshot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.AsyncConnection;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.Delete;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.SnapshotDescription;
import io.strata.client.Table;
import io.strata.common.error.CorruptedSnapshotException;
import io.strata.common.error.SnapshotExistsException;
import io.strata.common.proto.SnapshotProtos.SnapshotFileProto;
import io.strata.common.proto.SnapshotProtos.SnapshotManifestProto;
import io.strata.common.proto.SnapshotProtos.SnapshotRegionProto;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.it.shell.ShellRunner;
import io.strata.server.master.ProcedureFaults;
import io.strata.server.snapshot.SnapshotLayout;
import io.strata.server.snapshot.SnapshotManifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Snapshots on a mini cluster of two region servers, checked row by row against a model with a
 * fixed seed: snapshot, clone and restore round trips; the files a snapshot names surviving
 * compaction, split, table deletion and the archive cleaner until the last snapshot and link
 * naming them go; a master killed after each step of a snapshot; a snapshot missing files.
 */
class SnapshotTest {
  private static final TableName T = TableName.valueOf("t");
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final Duration WAIT = Duration.ofSeconds(60);

  @TempDir
  Path dir;

  @AfterEach
  void clearFaults() {
    ProcedureFaults.clear();
  }

  @Test
  void snapshotCloneAndRestoreRoundTripRowByRow() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 2);
        Connection conn = ConnectionFactory.createConnection(c.configuration());
        Table t = create(conn, T)) {
      Admin admin = conn.getAdmin();
      Random random = new Random(42);
      TreeMap<String, String> model = new TreeMap<>();
      write(t, model, random, 2_000, 0);
      admin.flush(T);
      write(t, model, random, 500, 100); // some in memstores only: the snapshot flushes them
      Map<String, String> atSnapshot = new TreeMap<>(model);

      ShellRunner shell = new ShellRunner(c.configuration());
      ShellRunner.Outcome taken = shell.execute("snapshot 't', 'snap1'");
      assertEquals(0, taken.status(), taken.err());
      assertEquals("Took T seconds\n", taken.out());
      assertThrows(SnapshotExistsException.class, () -> admin.snapshot("snap1", T));

      TableDescriptor schema = admin.getDescriptor(T);
      write(t, model, random, 1_000, 300); // after the snapshot: updates and deletes
      Map<String, String> afterSnapshot = new TreeMap<>(model);
      admin.addColumnFamily(T, ColumnFamilyDescriptor.of("g")); // and a schema change

      ShellRunner.Outcome listed = shell.execute("list_snapshots");
      assertEquals(0, listed.status(), listed.err());
      assertTrue(listed.out().matches("SNAPSHOT +TABLE \\+ CREATION TIME\n snap1 +t \\("
          + "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d [+-]\\d{4}\\)\n1 row\\(s\\)\n"
          + "Took T seconds\n"), listed.out());

      TableName clone = TableName.valueOf("clone1");
      ShellRunner.Outcome cloned = shell.execute("clone_snapshot 'snap1', 'clone1'");
      assertEquals(0, cloned.status(), cloned.err());
      try (Table ct = conn.getTable(clone)) {
        assertEquals(atSnapshot, read(ct));
        assertEquals(afterSnapshot, read(t));
        assertTrue(countLinks(c, clone) > 0, "the clone reads the snapshot's files by links");
        // The clone takes writes of its own, and its compaction rewrites the links.
        TreeMap<String, String> cloneModel = new TreeMap<>(atSnapshot);
        write(ct, cloneModel, random, 300, 50);
        admin.flush(clone);
        admin.majorCompact(clone);
        MiniCluster.waitFor(() -> countLinks(c, clone) == 0, WAIT, "the clone's compaction");
        assertEquals(cloneModel, read(ct));
      }

      // Restored: the table is the snapshot again; its state before, the failsafe snapshot.
      admin.disableTable(T);
      admin.restoreSnapshot("snap1");
      admin.enableTable(T);
      assertEquals(atSnapshot, read(t));
      assertEquals(schema, admin.getDescriptor(T));
      List<SnapshotDescription> failsafe = admin.listSnapshots(
          java.util.regex.Pattern.compile("failsafe-snap1-\\d+"));
      assertEquals(1, failsafe.size(), failsafe.toString());
      TableName before = TableName.valueOf("before");
      admin.cloneSnapshot(failsafe.get(0).getName(), before);
      try (Table bt = conn.getTable(before)) {
        assertEquals(afterSnapshot, read(bt));
      }
      // The restored table writes and reads as any other.
      write(t, model = new TreeMap<>(atSnapshot), random, 200, 20);
      assertEquals(model, read(t));

      assertEquals(List.of("snap1", failsafe.get(0).getName()), admin.listTableSnapshots(
          java.util.regex.Pattern.compile("t"), java.util.regex.Pattern.compile(".*")).stream()
          .map(SnapshotDescription::getName).sorted((a, b) -> a.equals("snap1") ? -1
              : b.equals("snap1") ? 1 : a.compareTo(b)).toList());
      ShellRunner.Outcome deleted = shell.run("y\n", "-e",
          "delete_all_snapshot 'failsafe-.*'");
      assertEquals(0, deleted.status(), deleted.err());
      assertTrue(deleted.out().matches("SNAPSHOT +TABLE \\+ CREATION TIME\n failsafe-snap1-\\d+ +t "
          + "\\([^)]+\\)\nDelete the above 1 snapshots \\(y/n\\)\\?\n1 snapshots successfully "
          + "deleted.\nTook T seconds\n"), deleted.out());
      assertEquals(List.of("snap1"), admin.listSnapshots().stream()
          .map(SnapshotDescription::getName).toList());
    }
  }

  @Test
  void aSnapshotsFilesOutliveCompactionSplitDeletionAndTheCleanerUntilNothingNamesThem()
      throws Exception {
    var conf = MiniCluster.configuration(dir)
        .set("strata.master.cleaner.interval", "200ms")
        .set("strata.master.hfilecleaner.ttl", "0s");
    try (MiniCluster c = MiniCluster.start(conf, dir, 2);
        Connection conn = ConnectionFactory.createConnection(c.configuration());
        Table t = create(conn, T)) {
      Admin admin = conn.getAdmin();
      Random random = new Random(7);
      TreeMap<String, String> model = new TreeMap<>();
      write(t, model, random, 1_500, 0);
      admin.flush(T);
      write(t, model, random, 1_500, 0);
      admin.flush(T);
      Map<String, String> atSnapshot = new TreeMap<>(model);
      admin.snapshot("s1", T);
      List<Path> files = snapshotFiles(c, "s1");
      assertFalse(files.isEmpty());

      // Compacted (the files leave for the archive), then split (the parents go too).
      admin.majorCompact(T);
      MiniCluster.waitFor(() -> files.stream().noneMatch(p -> p.toString().contains("/data/")
          && Files.exists(p)), WAIT, "the compaction to archive the snapshot's files");
      admin.split(T, Bytes.toBytes("row-0500"));
      waitForCleanerPasses(c);
      assertAllExist(c, "s1");

      // The table deleted: its files stay in the archive while the snapshot names them.
      admin.disableTable(T);
      admin.deleteTable(T);
      waitForCleanerPasses(c);
      assertAllExist(c, "s1");
      TableName clone = TableName.valueOf("c1");
      admin.cloneSnapshot("s1", clone);
      try (Table ct = conn.getTable(clone)) {
        assertEquals(atSnapshot, read(ct));
      }

      // The snapshot deleted: the clone's links still keep the files.
      admin.deleteSnapshot("s1");
      waitForCleanerPasses(c);
      for (Path p : files) {
        assertTrue(Files.exists(archived(c, p)), p + " is linked by the clone");
      }
      try (Table ct = conn.getTable(clone)) {
        assertEquals(atSnapshot, read(ct));
      }
      // The clone compacted: nothing names the files, and the cleaner removes them.
      admin.majorCompact(clone);
      MiniCluster.waitFor(() -> countLinks(c, clone) == 0, WAIT, "the clone's compaction");
      MiniCluster.waitFor(() -> files.stream().noneMatch(p -> Files.exists(archived(c, p))),
          WAIT, "the cleaner to remove the files nothing names");
      try (Table ct = conn.getTable(clone)) {
        assertEquals(atSnapshot, read(ct));
      }

      // A snapshot alone keeps its files after its table is dropped; deleted, they go.
      admin.snapshot("s2", clone);
      List<Path> cloneFiles = snapshotFiles(c, "s2");
      admin.disableTable(clone);
      admin.deleteTable(clone);
      waitForCleanerPasses(c);
      for (Path p : cloneFiles) {
        assertTrue(Files.exists(archived(c, p)), p + " is kept for s2");
      }
      admin.deleteSnapshot("s2");
      MiniCluster.waitFor(() -> cloneFiles.stream().noneMatch(p -> Files.exists(archived(c, p))),
          WAIT, "the cleaner to remove the files of the last snapshot deleted");
    }
  }

  @Test
  void aMasterKilledAfterEachStepOfASnapshotLeavesItCompleteOrAbsent() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 1);
        Connection conn = ConnectionFactory.createConnection(c.configuration());
        Table t = create(conn, T)) {
      TreeMap<String, String> model = new TreeMap<>();
      write(t, model, new Random(3), 500, 0);
      for (int step = 0; step <= 1; step++) {
        String name = "k" + step;
        ProcedureFaults.haltAfter(ProcedureFaults.SNAPSHOT, step);
        try (AsyncConnection async = ConnectionFactory.createAsyncConnection(c.configuration())
            .get()) {
          CompletableFuture<Void> taking = async.getAdmin().snapshot(name, T);
          Path working = root().resolve(".snapshots").resolve(".tmp").resolve(name);
          int halted = step;
          MiniCluster.waitFor(() -> Files.exists(working) && (halted == 0
              || Files.exists(working.resolve("manifest"))), WAIT, "step " + step);
          // The master dies there: no snapshot is listed, half made or not.
          c.restartMaster();
          taking.get();
        }
        assertTrue(conn.getAdmin().listSnapshots().stream()
            .anyMatch(s -> s.getName().equals(name)), "snapshot " + name + " completed");
        TableName clone = TableName.valueOf("clone_" + step);
        conn.getAdmin().cloneSnapshot(name, clone);
        try (Table ct = conn.getTable(clone)) {
          assertEquals(model, read(ct));
        }
      }
    }
  }

  @Test
  void aSnapshotMissingFilesSaysSoAndRefusesToClone() throws Exception {
    try (MiniCluster c = MiniCluster.start(dir, 1);
        Connection conn = ConnectionFactory.createConnection(c.configuration());
        Table t = create(conn, T)) {
      write(t, new TreeMap<>(), new Random(5), 200, 0);
      Admin admin = conn.getAdmin();
      admin.snapshot("s", T);
      admin.disableTable(T);
      admin.deleteTable(T);
      Path gone = archived(c, snapshotFiles(c, "s").get(0));
      Files.delete(gone);
      String relative = root().resolve("archive").resolve("data").relativize(gone)
          .toString();
      SnapshotDescription s = admin.listSnapshots().get(0);
      assertEquals(List.of(relative), s.getMissingFiles());
      CorruptedSnapshotException e = assertThrows(CorruptedSnapshotException.class,
          () -> admin.cloneSnapshot("s", TableName.valueOf("c")));
      assertEquals("snapshot 's' is missing 1 block file(s) it names: " + relative + "; copy "
          + "them back into the archive (an export of the snapshot holds them) or delete the "
          + "snapshot", e.getMessage());
      ShellRunner.Outcome listed = new ShellRunner(c.configuration()).execute("list_snapshots");
      assertTrue(listed.out().contains(") MISSING 1 FILE(S): " + relative + "\n"),
          listed.out());
    }
  }

  @Test
  void anExportedSnapshotClonesUnderAnotherRootDirectory() throws Exception {
    Path a = dir.resolve("a");
    Path b = dir.resolve("b");
    TreeMap<String, String> model = new TreeMap<>();
    String target = b.resolve("root").toUri().toString();
    try (MiniCluster c = MiniCluster.start(a, 1);
        Connection conn = ConnectionFactory.createConnection(c.configuration());
        Table t = create(conn, T)) {
      write(t, model, new Random(11), 1_000, 50);
      conn.getAdmin().snapshot("s", T);
      write(t, new TreeMap<>(), new Random(12), 200, 0); // after it: not exported
      org.apache.hadoop.conf.Configuration job = io.strata.it.mapreduce.Jobs.configuration(
          c.configuration(), dir.resolve("job"));
      int code = org.apache.hadoop.util.ToolRunner.run(job,
          new io.strata.server.snapshot.ExportSnapshot(),
          new String[] {"-snapshot", "s", "-copy-to", target, "-mappers", "2"});
      assertEquals(0, code);
      assertThrows(SnapshotExistsException.class, () -> org.apache.hadoop.util.ToolRunner.run(
          job, new io.strata.server.snapshot.ExportSnapshot(),
          new String[] {"-snapshot", "s", "-copy-to", target}));
    }
    try (MiniCluster c = MiniCluster.start(b, 1);
        Connection conn = ConnectionFactory.createConnection(c.configuration())) {
      SnapshotDescription s = conn.getAdmin().listSnapshots().get(0);
      assertEquals("s", s.getName());
      assertEquals(List.of(), s.getMissingFiles());
      conn.getAdmin().cloneSnapshot("s", T);
      try (Table t = conn.getTable(T)) {
        assertEquals(model, read(t));
      }
    }
  }

  private Path root() {
    return dir.resolve("root");
  }

  private static Table create(Connection conn, TableName name) throws IOException {
    conn.getAdmin().createTable(TableDescriptor.newBuilder(name)
        .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(),
        new byte[][] {Bytes.toBytes("row-0300"), Bytes.toBytes("row-0700")});
    return conn.getTable(name);
  }

  /** {@code puts} random puts and {@code deletes} random deletes, mirrored in the model. */
  private static void write(Table t, TreeMap<String, String> model, Random random, int puts,
      int deletes) throws IOException {
    List<Put> batch = new ArrayList<>();
    for (int i = 0; i < puts; i++) {
      String row = String.format("row-%04d", random.nextInt(1_000));
      String value = "v" + random.nextInt(1_000_000);
      batch.add(new Put(Bytes.toBytes(row)).addColumn(F, Q, Bytes.toBytes(value)));
      model.put(row, value);
    }
    t.put(batch);
    for (int i = 0; i < deletes; i++) {
      String row = String.format("row-%04d", random.nextInt(1_000));
      t.delete(new Delete(Bytes.toBytes(row)));
      model.remove(row);
    }
  }

  private static TreeMap<String, String> read(Table t) throws IOException {
    TreeMap<String, String> out = new TreeMap<>();
    try (ResultScanner s = t.getScanner(new Scan())) {
      for (Result r : s) {
        out.put(Bytes.toString(r.getRow()), Bytes.toString(r.getValue(F, Q)));
      }
    }
    return out;
  }

  /** Link files in the table's family directories. */
  private long countLinks(MiniCluster c, TableName table) {
    Path tableDir = root().resolve("data").resolve(table.getNamespace())
        .resolve(table.getQualifier());
    try (Stream<Path> all = Files.walk(tableDir)) {
      return all.filter(p -> p.getFileName().toString().contains("=")).count();
    } catch (IOException e) {
      return -1;
    }
  }

  /** The block files the snapshot's manifest names, where they were written. */
  private List<Path> snapshotFiles(MiniCluster c, String name) throws IOException {
    org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.getLocal(
        new org.apache.hadoop.conf.Configuration()).getRaw();
    SnapshotManifestProto m = SnapshotManifest.read(fs, SnapshotLayout.snapshotDir(
        new org.apache.hadoop.fs.Path(root().toUri()), name));
    List<Path> out = new ArrayList<>();
    for (SnapshotRegionProto r : m.getRegionsList()) {
      for (SnapshotFileProto f : r.getFilesList()) {
        out.add(root().resolve("data").resolve(SnapshotManifest.relativePath(
            SnapshotManifest.fromProto(f))));
      }
    }
    return out;
  }

  /** Where a file written at {@code live} is once archived. */
  private Path archived(MiniCluster c, Path live) {
    return root().resolve("archive").resolve(root().relativize(live));
  }

  private void assertAllExist(MiniCluster c, String snapshot) throws IOException {
    for (Path p : snapshotFiles(c, snapshot)) {
      assertTrue(Files.exists(p) || Files.exists(archived(c, p)), p + " still exists");
    }
  }

  /** Waits until the archive cleaner has run two whole passes from now. */
  private static void waitForCleanerPasses(MiniCluster c) {
    long from = c.master().archiveCleanerPasses();
    MiniCluster.waitFor(() -> c.master().archiveCleanerPasses() >= from + 2, WAIT,
        "two archive cleaner passes");
  }
}
