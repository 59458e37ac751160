package io.strata.it.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.shell.pe.PeMain;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code bin/strata pe} command at small sizes against a mini cluster: the JSON output
 * shows the rows asked for, bytes that match the rows read or written, and latencies in order;
 * the table then holds exactly what the commands wrote. The writes run first, the reads after.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PeToolTest {
  /** Key, family "info0", qualifier "0" and a 1,000-byte value: HBase's tool's row size. */
  private static final long ROW_BYTES = 26 + 5 + 1 + 1000;
  private static final TableName TEST_TABLE = TableName.valueOf("TestTable");

  @TempDir
  static Path dir;
  static MiniCluster cluster;
  static Connection conn;

  /** A run's exit status, its text and its JSON (null unless it succeeded). */
  record Run(int exit, String out, String err, Json json) {}

  /** The figures of a pe JSON file: the total's and each client's, by name. */
  record Json(String command, Map<String, Double> total, List<Map<String, Double>> clients) {}

  @BeforeAll
  static void start() throws Exception {
    cluster = MiniCluster.start(dir.resolve("cluster"), 1);
    conn = cluster.connect();
  }

  @AfterAll
  static void stop() throws Exception {
    conn.close();
    cluster.close();
  }

  private static int runs;

  static Run pe(String... args) throws Exception {
    Path json = dir.resolve("run" + (runs++) + ".json");
    String[] all = new String[args.length + 2];
    all[0] = "--json=" + json;
    all[1] = "--seed=42";
    System.arraycopy(args, 0, all, 2, args.length);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = PeMain.run(all, cluster.configuration(), new PrintStream(out, true,
        StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
    String o = out.toString(StandardCharsets.UTF_8);
    String e = err.toString(StandardCharsets.UTF_8);
    return new Run(exit, o, e, exit == 0 ? parse(Files.readString(json)) : null);
  }

  private static final Pattern FIELD = Pattern.compile("\"(\\w+)\": (-?[0-9.]+)");

  private static Map<String, Double> fields(String object) {
    Map<String, Double> m = new TreeMap<>();
    Matcher f = FIELD.matcher(object);
    while (f.find()) {
      m.put(f.group(1), Double.parseDouble(f.group(2)));
    }
    return m;
  }

  private static Json parse(String json) {
    Matcher cmd = Pattern.compile("\"command\": \"(\\w+)\"").matcher(json);
    assertTrue(cmd.find(), json);
    List<Map<String, Double>> clients = new ArrayList<>();
    for (String line : json.split("\n")) {
      if (line.trim().startsWith("{\"client\": \"client ")) {
        clients.add(fields(line));
      }
    }
    String total = json.substring(json.indexOf("\"total\": "));
    return new Json(cmd.group(1), fields(total), clients);
  }

  /** Asserts a successful run of {@code rows} rows a client and sane figures throughout. */
  static Json assertRan(Run r, String command, long rowsPerClient, int clients) {
    assertEquals(0, r.exit, r.out + r.err);
    Json j = r.json;
    assertEquals(command, j.command);
    assertEquals(clients, j.clients.size(), r.out);
    for (Map<String, Double> c : j.clients) {
      assertEquals(rowsPerClient, c.get("rows").longValue(), r.out);
      assertSane(c, false, r.out);
      // A client's CPU is its own thread's: no more than its time (give or take a clock tick).
      assertTrue(c.get("cpuMs") <= c.get("elapsedMs") + 1, r.out);
    }
    assertEquals(rowsPerClient * clients, j.total.get("rows").longValue(), r.out);
    assertSane(j.total, true, r.out);
    // The total's is the process's, here the test's JVM with its cluster: all cores at most.
    assertTrue(j.total.get("cpuMs") <= j.total.get("elapsedMs")
        * Runtime.getRuntime().availableProcessors() + 20, r.out);
    assertTrue(r.out.contains(command + " total, " + clients + " client"), r.out);
    return j;
  }

  /**
   * A run's figures in order. {@code processCpu}: the CPU time is the process's, which the JVM
   * reads in clock ticks (10 ms), so a run of a few milliseconds may show none; a thread's is
   * read to the nanosecond.
   */
  private static void assertSane(Map<String, Double> m, boolean processCpu, String out) {
    assertTrue(m.get("elapsedMs") > 0, out);
    assertTrue(m.get("rowsPerSec") > 0, out);
    assertTrue(m.get("count") > 0, out);
    assertTrue(m.get("mean") > 0, out);
    assertTrue(processCpu ? m.get("cpuMs") >= 0 : m.get("cpuMs") > 0, out);
    // Both printed to 3 decimals: the quotient is off by up to half a microsecond over the rows.
    assertEquals(m.get("cpuMs") * 1000 / m.get("rows"), m.get("cpuUsPerRow"),
        0.5 / m.get("rows") + 0.001, out);
    double[] ordered = {m.get("min"), m.get("p50"), m.get("p75"), m.get("p95"), m.get("p99"),
        m.get("p99_9"), m.get("p99_99"), m.get("max")};
    for (int i = 1; i < ordered.length; i++) {
      assertTrue(ordered[i - 1] <= ordered[i], "latency percentiles out of order: " + m);
    }
    assertTrue(m.get("max") < 60_000_000, "a call over a minute: " + m);
  }

  private static byte[] key(long n) {
    return Bytes.toBytes(String.format("%026d", n));
  }

  private static int countRows(TableName t) throws Exception {
    int n = 0;
    try (ResultScanner s = conn.getTable(t).getScanner(new Scan())) {
      while (s.next() != null) {
        n++;
      }
    }
    return n;
  }

  @Test
  @Order(1)
  void readsBeforeAnyWriteSayToWriteFirst() throws Exception {
    Run r = pe("--rows=10", "randomRead", "1");
    assertEquals(2, r.exit);
    assertTrue(r.err.contains("bin/strata pe: table 'TestTable' does not exist; randomRead"
        + " reads rows a write command wrote first, e.g. bin/strata pe --rows=10"
        + " sequentialWrite 1"), r.err);
  }

  @Test
  @Order(2)
  void sequentialWriteWritesEachClientsSliceThroughTheWriteBuffer() throws Exception {
    Json j = assertRan(pe("--rows=200", "--presplit=3", "sequentialWrite", "2"),
        "sequentialWrite", 200, 2);
    assertEquals(400 * ROW_BYTES, j.total.get("bytes").longValue());
    assertEquals(0, j.clients.get(0).get("startRow").intValue());
    assertEquals(200, j.clients.get(1).get("startRow").intValue());
    assertEquals(400, countRows(TEST_TABLE));
    try (Admin admin = conn.getAdmin()) {
      assertEquals(3, admin.getRegions(TEST_TABLE).size());
    }
    Result r = conn.getTable(TEST_TABLE).get(new Get(key(399)));
    byte[] v = r.getValue(Bytes.toBytes("info0"), Bytes.toBytes("0"));
    assertEquals(1000, v.length);
    assertTrue(v[0] >= 'A' && v[0] <= 'Z' && v[7] == v[0]);
  }

  @Test
  @Order(3)
  void theOtherWritesRunOnTheirOwnTables() throws Exception {
    assertRan(pe("--table=rw", "--rows=100", "--autoFlush=true", "randomWrite", "1"),
        "randomWrite", 100, 1);
    Json multi = assertRan(pe("--table=mp", "--rows=100", "--autoFlush=true", "--multiPut=7",
        "sequentialWrite", "1"), "sequentialWrite", 100, 1);
    assertEquals(100 / 7, multi.total.get("count").intValue()); // one timed call a batch
    assertEquals(100, countRows(TableName.valueOf("mp")));
    assertRan(pe("--table=asw", "--rows=50", "--writeToWAL=false", "asyncSequentialWrite",
        "2"), "asyncSequentialWrite", 50, 2);
    assertEquals(100, countRows(TableName.valueOf("asw")));
    assertRan(pe("--table=arw", "--rows=50", "--multiPut=5", "--valueZipf",
        "asyncRandomWrite", "1"), "asyncRandomWrite", 50, 1);
    Json wide = assertRan(pe("--table=wide", "--rows=30", "--families=2", "--columns=3",
        "--valueSize=10", "--compress=LZ4", "--blockEncoding=FAST_DIFF", "--bloomFilter=ROWCOL",
        "--blockSize=4096", "--inmemory=true", "sequentialWrite", "1"), "sequentialWrite", 30, 1);
    assertEquals(30 * (26 + 6 * (5 + 1 + 10)), wide.total.get("bytes").longValue());
    Result row = conn.getTable(TableName.valueOf("wide")).get(new Get(key(29)));
    assertEquals(6, row.size());
  }

  @Test
  @Order(4)
  void readsGetExactlyTheRowsWritten() throws Exception {
    for (String cmd : new String[] {"sequentialRead", "randomRead", "asyncSequentialRead",
        "asyncRandomRead", "scan", "asyncScan"}) {
      Json j = assertRan(pe("--rows=200", cmd, "2"), cmd, 200, 2);
      assertEquals(400 * ROW_BYTES, j.total.get("bytes").longValue(), cmd);
    }
    Json multi = assertRan(pe("--rows=200", "--multiGet=10", "--oneCon=true", "randomRead",
        "2"), "randomRead", 200, 2);
    assertEquals(400 * ROW_BYTES, multi.total.get("bytes").longValue());
    assertEquals(40, multi.total.get("count").intValue()); // one timed call a batch
    Json sampled = assertRan(pe("--rows=200", "--sampleRate=0.25", "--cycles=2",
        "sequentialRead", "2"), "sequentialRead", 100, 2);
    assertEquals(200 * ROW_BYTES, sampled.total.get("bytes").longValue());
  }

  @Test
  @Order(5)
  void scansReadWhatTheirRangesHold() throws Exception {
    for (int range : new int[] {10, 100, 1000, 10000}) {
      Json j = assertRan(pe("--rows=20", "--caching=50", "scanRange" + range, "1"),
          "scanRange" + range, 20, 1);
      // The same draws as the client's (seed 42): each scan starts in the 20-row key space
      // and reads up to range rows of the 400 the table holds.
      java.util.Random rand = new java.util.Random(42);
      long rows = 0;
      for (int i = 0; i < 20; i++) {
        int start = rand.nextInt(Integer.MAX_VALUE) % 20;
        rows += Math.min(range, 400 - start);
      }
      assertEquals(rows * ROW_BYTES, j.total.get("bytes").longValue(), "scanRange" + range);
    }
    Json seek = assertRan(pe("--rows=400", "--sampleRate=0.05", "randomSeekScan", "1"),
        "randomSeekScan", 20, 1);
    long seekBytes = seek.total.get("bytes").longValue();
    // The page filter ends a region's scan after 120 rows; the next region starts a new page
    // (as in HBase), so a scan reads 1 to 3 × 120 rows of the 3 regions.
    assertTrue(seekBytes % ROW_BYTES == 0 && seekBytes >= 20 * ROW_BYTES
        && seekBytes <= 20 * 360 * ROW_BYTES, "randomSeekScan " + seekBytes);
    Json filter = assertRan(pe("--seed=7", "--rows=3", "filterScan", "1"), "filterScan", 3, 1);
    // Another seed's values match no row; the seed of the write (42) draws the value its first
    // client wrote first, row 0's, and finds that row alone.
    assertEquals(0, filter.total.get("bytes").longValue());
    Json same = assertRan(pe("--rows=1", "filterScan", "1"), "filterScan", 1, 1);
    assertEquals(ROW_BYTES, same.total.get("bytes").longValue());
  }

  @Test
  @Order(6)
  void readModifyWritesContendForTheSameRows() throws Exception {
    assertRan(pe("--table=counters", "--rows=50", "--cycles=2", "increment", "2"), "increment",
        100, 2);
    Table t = conn.getTable(TableName.valueOf("counters"));
    byte[] f = Bytes.toBytes("info0");
    for (int i = 0; i < 50; i++) {
      assertEquals(4, Bytes.toLong(t.get(new Get(key(i))).getValue(f,
          Bytes.toBytes("IncrementTest"))), "row " + i);
    }
    assertEquals(50, countRows(TableName.valueOf("counters")));
    assertRan(pe("--table=counters", "--rows=20", "append", "1"), "append", 20, 1);
    assertEquals(Bytes.toString(key(7)), Bytes.toString(t.get(new Get(key(7))).getValue(f,
        Bytes.toBytes("AppendTest"))));
    for (String cmd : new String[] {"checkAndMutate", "checkAndPut", "checkAndDelete"}) {
      assertRan(pe("--table=counters", "--rows=20", cmd, "1"), cmd, 20, 1);
    }
    Result r = t.get(new Get(key(3)));
    assertEquals(Bytes.toString(key(3)), Bytes.toString(r.getValue(f,
        Bytes.toBytes("CheckAndMutateTest"))));
    assertEquals(Bytes.toString(key(3)), Bytes.toString(r.getValue(f,
        Bytes.toBytes("CheckAndPutTest"))));
    assertEquals(null, r.getValue(f, Bytes.toBytes("CheckAndDeleteTest")));
  }

  @Test
  @Order(7)
  void textOutputHasEveryFigurePerClientAndInTotal() throws Exception {
    Run r = pe("--rows=50", "--latency", "sequentialRead", "2");
    assertRan(r, "sequentialRead", 50, 2);
    String[] lines = r.out.split("\n");
    assertEquals(3, lines.length, r.out);
    assertTrue(lines[0].startsWith("sequentialRead client 0 (rows from 0): 50 rows in "),
        lines[0]);
    assertTrue(lines[1].startsWith("sequentialRead client 1 (rows from 50): 50 rows in "),
        lines[1]);
    assertTrue(lines[2].startsWith("sequentialRead total, 2 clients: 100 rows in "), lines[2]);
    for (String line : lines) {
      for (String part : new String[] {" rows/s, ", " MB/s; latency us: mean ", ", p50 ",
          ", p75 ", ", p95 ", ", p99 ", ", p99.9 ", ", max ", ", min ", ", stdDev ",
          ", p99.99 ", ", p99.999 ", " timed calls"}) {
        assertTrue(line.contains(part), "'" + part + "' missing in: " + line);
      }
    }
  }

  @Test
  @Order(8)
  void readsOfAnotherSchemaAreRefused() throws Exception {
    Run r = pe("--rows=10", "--families=2", "sequentialRead", "1");
    assertEquals(2, r.exit);
    assertTrue(r.err.contains("table 'TestTable' has families [info0], not the 2 this run"
        + " reads (info0..info1); give the --families the write used"), r.err);
    Run split = pe("--rows=10", "--presplit=2", "scan", "1");
    assertEquals(2, split.exit);
    assertTrue(split.err.contains("--presplit recreates the table, which would leave scan"
        + " nothing to read; give it to the write command"), split.err);
  }
}
