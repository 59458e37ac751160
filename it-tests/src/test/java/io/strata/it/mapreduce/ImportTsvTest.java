package io.strata.it.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.server.bulkload.BulkLoad;
import io.strata.server.bulkload.ImportTsv;
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
 * importtsv on the local job runner: straight into a table, and as block files that
 * completebulkload then loads; bad lines counted, bad settings refused.
 */
class ImportTsvTest {
  private static final byte[] F = Bytes.toBytes("f");

  @TempDir
  Path dir;

  /** Three files of 100 lines each ("rowNNNNN, aN, bN"), and two bad lines. */
  private Path input() throws Exception {
    Path in = dir.resolve("tsv");
    Files.createDirectories(in);
    for (int f = 0; f < 3; f++) {
      List<String> lines = new ArrayList<>();
      for (int i = f * 100; i < f * 100 + 100; i++) {
        lines.add(Bytes.toString(TableFormatsTest.row(i)) + "\ta" + i + "\tb" + i);
      }
      if (f == 1) {
        lines.add("only\ttwo");
        lines.add("\tempty\tkey");
      }
      Files.write(in.resolve("part" + f + ".tsv"), lines);
    }
    return in;
  }

  private static Map<String, String> contents(Table t) throws Exception {
    Map<String, String> m = new TreeMap<>();
    try (ResultScanner rs = t.getScanner(new Scan())) {
      for (Result r : rs) {
        m.put(Bytes.toString(r.getRow()), Bytes.toString(r.getValue(F, Bytes.toBytes("a")))
            + "," + Bytes.toString(r.getValue(F, Bytes.toBytes("b"))));
      }
    }
    return m;
  }

  private static Map<String, String> expected() {
    Map<String, String> m = new TreeMap<>();
    for (int i = 0; i < 300; i++) {
      m.put(Bytes.toString(TableFormatsTest.row(i)), "a" + i + ",b" + i);
    }
    return m;
  }

  interface Run {
    void run() throws Exception;
  }

  /** What {@code run} prints to System.out (a tool's counters). */
  private static String printed(Run run) throws Exception {
    PrintStream was = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      run.run();
    } finally {
      System.setOut(was);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void importsDirectlyAndThroughBlockFiles() throws Exception {
    try (MiniCluster mini = MiniCluster.start(dir.resolve("cluster"), 1)) {
      Connection conn = mini.connect();
      Admin admin = conn.getAdmin();
      for (String t : List.of("direct", "bulk")) {
        admin.createTable(TableDescriptor.newBuilder(TableName.valueOf(t))
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(), new byte[][] {
                TableFormatsTest.row(100), TableFormatsTest.row(200)});
      }
      Configuration conf = Jobs.configuration(mini.configuration(), dir);
      Path in = input();
      String columns = "-Dimporttsv.columns=HBASE_ROW_KEY,f:a,f:b";

      String counters = printed(() -> assertEquals(0, ToolRunner.run(new Configuration(conf),
          new ImportTsv(), new String[] {columns, "direct", in.toString()})));
      assertEquals(expected(), contents(conn.getTable(TableName.valueOf("direct"))));
      assertTrue(counters.contains("\t\tROWS=300\n"), counters);
      assertTrue(counters.contains("\t\tBAD_LINES=2\n"), counters);

      Path out = dir.resolve("blocks");
      assertEquals(0, ToolRunner.run(new Configuration(conf), new ImportTsv(), new String[] {
          columns, "-Dimporttsv.bulk.output=" + out, "bulk", in.toString()}));
      assertTrue(Files.isDirectory(out.resolve("f")), "block files of family f");
      assertEquals(3, BulkLoad.load(conn, TableName.valueOf("bulk"),
          new org.apache.hadoop.fs.Path(out.toUri()), new Configuration()),
          "a file per region, none to cut");
      assertEquals(expected(), contents(conn.getTable(TableName.valueOf("bulk"))));

      // No row key among the columns: a usage error before any job.
      assertEquals(2, ToolRunner.run(new Configuration(conf), new ImportTsv(),
          new String[] {"-Dimporttsv.columns=f:a,f:b", "direct", in.toString()}));
    }
  }
}
