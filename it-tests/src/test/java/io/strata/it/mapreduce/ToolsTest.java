package io.strata.it.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellUtil;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.mapreduce.JobTool;
import io.strata.shell.mapreduce.CellCounter;
import io.strata.shell.mapreduce.CopyTable;
import io.strata.shell.mapreduce.Export;
import io.strata.shell.mapreduce.Import;
import io.strata.shell.mapreduce.RowCounter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The MapReduce tools on the local job runner against mini clusters, each with exact counts and
 * contents, and their usage errors.
 */
class ToolsTest {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] G = Bytes.toBytes("g");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final TableName T = TableName.valueOf("t");

  @TempDir
  Path dir;

  /** What a tool run printed and returned. */
  record Run(int code, String out, String err) {}

  private static synchronized Run run(Configuration conf, JobTool tool, String... args)
      throws Exception {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
    try {
      int code = ToolRunner.run(new Configuration(conf), tool, args);
      return new Run(code, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }

  private static void create(Admin admin, TableName name, int regions, int rows)
      throws Exception {
    byte[][] splits = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      splits[i - 1] = TableFormatsTest.row(i * rows / regions);
    }
    admin.createTable(TableDescriptor.newBuilder(name).setColumnFamily(ColumnFamilyDescriptor
        .of("f")).setColumnFamily(ColumnFamilyDescriptor.newBuilder(G).setMaxVersions(3)
        .build()).build(), splits);
  }

  /** Every cell as "row/family:qualifier@ts=value". */
  private static List<String> cells(Table t) throws Exception {
    List<String> out = new ArrayList<>();
    try (ResultScanner rs = t.getScanner(new Scan().readVersions(10))) {
      for (Result r : rs) {
        for (Cell c : r.rawCells()) {
          out.add(Bytes.toString(CellUtil.cloneRow(c)) + "/"
              + Bytes.toString(CellUtil.cloneFamily(c)) + ":"
              + Bytes.toString(CellUtil.cloneQualifier(c)) + "@" + c.getTimestamp() + "="
              + Bytes.toString(CellUtil.cloneValue(c)));
        }
      }
    }
    return out;
  }

  @Test
  void rowcounterCountsExactlyAndRefusesBadArguments() throws Exception {
    try (MiniCluster mini = MiniCluster.start(dir.resolve("cluster"), 1)) {
      Connection conn = mini.connect();
      create(conn.getAdmin(), T, 4, 1000);
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        Put p = new Put(TableFormatsTest.row(i)).addColumn(F, Q, Bytes.toBytes(i));
        if (i % 4 == 0) {
          p.addColumn(G, Q, Bytes.toBytes("x"));
        }
        puts.add(p);
      }
      conn.getTable(T).put(puts);
      Configuration conf = Jobs.configuration(mini.configuration(), dir);

      Run all = run(conf, new RowCounter(), "t");
      assertEquals(0, all.code(), all.err());
      assertTrue(all.out().contains("\t\tROWS=1000\n"), all.out());
      Run range = run(conf, new RowCounter(), "t", "--range=row00100,row00300");
      assertTrue(range.out().contains("\t\tROWS=200\n"), range.out());
      Run ranges = run(conf, new RowCounter(), "t", "--range=,row00010;row00990,");
      assertTrue(ranges.out().contains("\t\tROWS=20\n"), ranges.out());
      Run column = run(conf, new RowCounter(), "t", "g:q");
      assertTrue(column.out().contains("\t\tROWS=250\n"), column.out());

      Run none = run(conf, new RowCounter());
      assertEquals(2, none.code());
      assertTrue(none.err().startsWith("ERROR: no table named\nUsage: bin/strata rowcounter "
          + "TABLE"), none.err());
      Run unknown = run(conf, new RowCounter(), "t", "--rang=a,b");
      assertEquals(2, unknown.code());
      assertTrue(unknown.err().startsWith("ERROR: unknown option --rang; the options are "
          + "--range, --starttime, --endtime\n"), unknown.err());
    }
  }

  @Test
  void cellcounterCountsRowsFamiliesColumnsAndVersions() throws Exception {
    try (MiniCluster mini = MiniCluster.start(dir.resolve("cluster"), 1)) {
      Connection conn = mini.connect();
      create(conn.getAdmin(), T, 2, 4);
      Table t = conn.getTable(T);
      t.put(new Put(Bytes.toBytes("a")).addColumn(F, Q, Bytes.toBytes("1"))
          .addColumn(G, Q, 1, Bytes.toBytes("1")).addColumn(G, Q, 2, Bytes.toBytes("2")));
      t.put(new Put(Bytes.toBytes("b")).addColumn(F, Q, Bytes.toBytes("1"))
          .addColumn(F, Bytes.toBytes("r"), Bytes.toBytes("1")));
      Configuration conf = Jobs.configuration(mini.configuration(), dir);
      Path out = dir.resolve("cells");
      Run r = run(conf, new CellCounter(), "t", out.toString());
      assertEquals(0, r.code(), r.err());
      Map<String, String> lines = new TreeMap<>();
      for (String line : Files.readAllLines(out.resolve("part-r-00000"))) {
        String[] kv = line.split("\t");
        lines.put(kv[0], kv[1]);
      }
      Map<String, String> expected = new TreeMap<>(Map.ofEntries(
          Map.entry("Total ROWS", "2"),
          Map.entry("Total Families Across all Rows", "3"),
          Map.entry("Total Qualifiers across all Rows", "4"),
          Map.entry("f", "3"), Map.entry("g", "2"),
          Map.entry("f:q", "2"), Map.entry("f:r", "1"), Map.entry("g:q", "2"),
          Map.entry("a:f:q:Versions", "1"), Map.entry("a:g:q:Versions", "2"),
          Map.entry("b:f:q:Versions", "1"), Map.entry("b:f:r:Versions", "1")));
      assertEquals(expected, lines);
      assertTrue(r.out().contains("\t\tROWS=2\n") && r.out().contains("\t\tCELLS=5\n"),
          r.out());
    }
  }

  @Test
  void copytableExportAndImportCopyEveryCellWithItsTimestamp() throws Exception {
    try (MiniCluster mini = MiniCluster.start(dir.resolve("cluster"), 1);
        MiniCluster peer = MiniCluster.start(dir.resolve("peer"), 1)) {
      Connection conn = mini.connect();
      Admin admin = conn.getAdmin();
      create(admin, T, 3, 300);
      Table t = conn.getTable(T);
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 300; i++) {
        puts.add(new Put(TableFormatsTest.row(i)).addColumn(F, Q, 100 + i, Bytes.toBytes("v" + i))
            .addColumn(G, Q, 1, Bytes.toBytes("old" + i)).addColumn(G, Q, 2,
                Bytes.toBytes("new" + i)));
      }
      t.put(puts);
      List<String> source = cells(t);
      assertEquals(900, source.size());
      Configuration conf = Jobs.configuration(mini.configuration(), dir);

      // copytable: into a new table; then only a time range; then to another cluster.
      TableName copy = TableName.valueOf("copy");
      create(admin, copy, 1, 1);
      Run c = run(conf, new CopyTable(), "--new.name=copy", "--versions=3", "t");
      assertEquals(0, c.code(), c.err());
      assertTrue(c.out().contains("\t\tROWS=300\n"), c.out());
      assertEquals(source, cells(conn.getTable(copy)));
      TableName recent = TableName.valueOf("recent");
      create(admin, recent, 1, 1);
      run(conf, new CopyTable(), "--new.name=recent", "--starttime=200", "--endtime=300", "t");
      assertEquals(100, cells(conn.getTable(recent)).size());
      create(peer.connect().getAdmin(), T, 1, 1);
      Run remote = run(conf, new CopyTable(), "--peer.adr="
          + peer.configuration().getRaw("strata.zookeeper.quorum"), "--versions=3", "t");
      assertEquals(0, remote.code(), remote.err());
      assertEquals(source, cells(peer.connect().getTable(T)));
      Run onto = run(conf, new CopyTable(), "t");
      assertEquals(2, onto.code());
      assertTrue(onto.err().startsWith("ERROR: copying t onto itself"), onto.err());
      // Into a table without the families: the tasks' writes fail, and the tool says where
      // the local runner, which keeps no reason, logged why.
      TableName other = TableName.valueOf("other");
      admin.createTable(TableDescriptor.newBuilder(other)
          .setColumnFamily(ColumnFamilyDescriptor.of("x")).build());
      Run failed = run(conf, new CopyTable(), "--new.name=other", "t");
      assertEquals(1, failed.code(), failed.err());
      assertTrue(failed.err().endsWith("ERROR: the job failed: a task failed; the local runner "
          + "logged its error (logger LocalJobRunner) on standard error\n"), failed.err());

      // export and import: every version, with its timestamp.
      Path exported = dir.resolve("export");
      Run e = run(conf, new Export(), "t", exported.toString(), "3");
      assertEquals(0, e.code(), e.err());
      assertTrue(e.out().contains("\t\tROWS=300\n"), e.out());
      TableName imported = TableName.valueOf("imported");
      create(admin, imported, 2, 300);
      Run i = run(conf, new Import(), "imported", exported.toString());
      assertEquals(0, i.code(), i.err());
      assertTrue(i.out().contains("\t\tROWS=300\n"), i.out());
      assertEquals(source, cells(conn.getTable(imported)));
      assertEquals("v7", Bytes.toString(conn.getTable(imported).get(new Get(
          TableFormatsTest.row(7))).getValue(F, Q)));
      Run bad = run(conf, new Export(), "t", exported.toString(), "x");
      assertEquals(2, bad.code());
      assertTrue(bad.err().startsWith("ERROR: VERSIONS 'x' is not a number"), bad.err());
    }
  }
}
