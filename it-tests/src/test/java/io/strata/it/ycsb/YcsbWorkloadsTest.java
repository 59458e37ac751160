package io.strata.it.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.common.conf.CoreKeys;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.shell.ycsb.YcsbMain;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * YCSB's client with the Strata binding loads a mini cluster and runs the core workloads A to F
 * on it, each phase in a child JVM started as {@code bin/strata ycsb} starts it (YCSB's client
 * ends with System.exit). The counts come from YCSB's JSON export.
 */
class YcsbWorkloadsTest {
  private static final Path ROOT = Path.of(System.getProperty("strata.source.root", ".."));
  private static final int RECORDS = 500;
  private static final int OPERATIONS = 500;
  private static final int FIELDS = 10;
  private static final int FIELD_LENGTH = 100;
  private static final byte[] FAMILY = Bytes.toBytes("family");
  // {"metric" : "READ", "measurement" : "Operations", "value" : 250}, as the exporter writes it
  private static final Pattern ENTRY = Pattern.compile("\\{\\s*\"metric\"\\s*:\\s*\"([^\"]+)\""
      + "\\s*,\\s*\"measurement\"\\s*:\\s*\"([^\"]+)\"\\s*,\\s*\"value\"\\s*:\\s*([^\\s}]+)\\s*}");

  @Test
  void loadsAndRunsTheCoreWorkloads(@TempDir Path dir) throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      String quorum = cluster.configuration().get(CoreKeys.ZOOKEEPER_QUORUM);

      Measurements load = ycsb(dir, quorum, "load", "workloada");
      assertEquals(Map.of("INSERT", (long) RECORDS), load.operations());
      load.assertAllOk();
      Connection conn = cluster.connect();
      assertEquals(RECORDS, checkRows(conn), "rows after load");

      Measurements a = ycsb(dir, quorum, "run", "workloada");
      a.assertMix("READ", "UPDATE");
      Measurements b = ycsb(dir, quorum, "run", "workloadb");
      b.assertMix("READ", "UPDATE");
      Measurements c = ycsb(dir, quorum, "run", "workloadc");
      c.assertMix("READ");
      Measurements d = ycsb(dir, quorum, "run", "workloadd");
      d.assertMix("READ", "INSERT");
      Measurements e = ycsb(dir, quorum, "run", "workloade");
      e.assertMix("SCAN", "INSERT");

      // F: every operation reads; half of them also write back and count once more as UPDATE
      // and once as READ-MODIFY-WRITE (which YCSB times but gives no Return= line).
      Measurements f = ycsb(dir, quorum, "run", "workloadf");
      Map<String, Long> ops = f.operations();
      assertEquals(List.of("READ", "READ-MODIFY-WRITE", "UPDATE"), List.copyOf(ops.keySet()));
      assertEquals(OPERATIONS, ops.get("READ"));
      assertEquals(ops.get("READ-MODIFY-WRITE"), ops.get("UPDATE"));
      assertTrue(ops.get("UPDATE") > 0, ops.toString());
      f.assertAllOk();
      f.assertLatencies("READ-MODIFY-WRITE");

      // D and E insert the records after the loaded ones from the same key sequence, so E
      // rewrote D's first inserts: the table grew by the larger of the two.
      long inserted = Math.max(d.operations().get("INSERT"), e.operations().get("INSERT"));
      assertEquals(RECORDS + inserted, checkRows(conn), "rows after workloads D and E");
    }
  }

  @Test
  void runBeforeLoadFailsNamingTheFixAndLoadCreatesTheTable(@TempDir Path dir) throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      String workload = ROOT.resolve("conf/ycsb/workloadc").toString();
      Prepared run = prepare(cluster, "run", "-P", workload, "-p", "table=never_loaded");
      assertEquals(new Prepared(1, "bin/strata ycsb: table 'never_loaded' does not exist; load "
          + "it first: bin/strata ycsb load -P <workload file> (with the same -p table and -p "
          + "columnfamily)\n"), run);

      Prepared load = prepare(cluster, "load", "-P", workload, "-p", "table=never_loaded",
          "-p", "columnfamily=cf");
      assertEquals(new Prepared(0, "Created table 'never_loaded' with family 'cf'\n"), load);
      try (Admin admin = cluster.connect().getAdmin()) {
        assertEquals(List.of("cf"), admin.getDescriptor(TableName.valueOf("never_loaded"))
            .getColumnFamilyNames());
      }
      Prepared again = prepare(cluster, "load", "-P", workload, "-p", "table=never_loaded",
          "-p", "columnfamily=cf");
      assertEquals(new Prepared(0, ""), again);

      Prepared wrongFamily = prepare(cluster, "run", "-P", workload, "-p", "table=never_loaded");
      assertEquals(new Prepared(1, "bin/strata ycsb: table 'never_loaded' has no family "
          + "'family'; pass -p columnfamily=cf, or drop the table and load again\n"),
          wrongFamily);
    }
  }

  private record Prepared(int status, String err) {}

  /** What {@code bin/strata ycsb ARGS} does before YCSB starts, on the mini cluster. */
  private static Prepared prepare(MiniCluster cluster, String... args) {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status = YcsbMain.prepare(args, cluster.configuration(),
        new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Prepared(status, err.toString(StandardCharsets.UTF_8));
  }

  /** Every row holds the workload's fields, each of the field length; returns the row count. */
  private static long checkRows(Connection conn) throws IOException {
    long rows = 0;
    try (ResultScanner scanner = conn.getTable(TableName.valueOf("usertable"))
        .getScanner(new Scan())) {
      for (Result r = scanner.next(); r != null; r = scanner.next()) {
        rows++;
        String row = Bytes.toString(r.getRow());
        assertTrue(row.startsWith("user"), row);
        NavigableMap<byte[], byte[]> fields = r.getFamilyMap(FAMILY);
        List<String> names = new ArrayList<>();
        for (Map.Entry<byte[], byte[]> field : fields.entrySet()) {
          names.add(Bytes.toString(field.getKey()));
          assertEquals(FIELD_LENGTH, field.getValue().length, row);
        }
        assertEquals(List.of("field0", "field1", "field2", "field3", "field4", "field5",
            "field6", "field7", "field8", "field9"), names, row);
        assertEquals(FIELDS, r.size(), row + " has cells outside the family");
      }
    }
    return rows;
  }

  /** Runs {@code bin/strata ycsb PHASE -P conf/ycsb/WORKLOAD} as the launcher does. */
  private static Measurements ycsb(Path dir, String quorum, String phase, String workload)
      throws IOException, InterruptedException {
    Path export = dir.resolve(phase + "-" + workload + ".json");
    Path out = dir.resolve(phase + "-" + workload + ".out");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        "-Dlog4j2.configurationFile=" + System.getProperty("log4j2.configurationFile", ""),
        YcsbMain.class.getName(), phase, "-P",
        ROOT.resolve("conf/ycsb").resolve(workload).toString(),
        "-p", "recordcount=" + RECORDS, "-p", "operationcount=" + OPERATIONS, "-threads", "2",
        "-p", "strata.zookeeper.quorum=" + quorum,
        "-p", "exporter=site.ycsb.measurements.exporter.JSONArrayMeasurementsExporter",
        "-p", "exportfile=" + export)
        .redirectErrorStream(true).redirectOutput(out.toFile()).start();
    p.getOutputStream().close();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError("ycsb " + phase + " " + workload + " did not end in 120 s:\n"
          + Files.readString(out));
    }
    String output = Files.readString(out);
    assertEquals(0, p.exitValue(), output);
    assertTrue(Files.exists(export), "no export; the output was:\n" + output);
    return Measurements.parse(phase + " " + workload, Files.readString(export), output);
  }

  /** YCSB's measurements of one phase: metric (READ, ...) to measurement to value. */
  private record Measurements(String what, Map<String, Map<String, Double>> metrics,
      String output) {
    static Measurements parse(String what, String json, String output) {
      Map<String, Map<String, Double>> metrics = new TreeMap<>();
      Matcher m = ENTRY.matcher(json);
      int entries = 0;
      while (m.find()) {
        metrics.computeIfAbsent(m.group(1), k -> new TreeMap<>())
            .put(m.group(2), Double.parseDouble(m.group(3)));
        entries++;
      }
      assertTrue(entries > 0 && json.trim().matches("(?s)\\[.*}\\s*]"),
          "not the exporter's JSON array:\n" + json);
      return new Measurements(what, metrics, output);
    }

    /** Operations per operation type, leaving out the client's cleanup and totals. */
    Map<String, Long> operations() {
      Map<String, Long> ops = new TreeMap<>();
      metrics.forEach((metric, values) -> {
        Double n = values.get("Operations");
        if (n != null && !metric.equals("CLEANUP")) {
          ops.put(metric, n.longValue());
        }
      });
      return ops;
    }

    /** Exactly these types ran, each at least once, adding up to the operation count. */
    void assertMix(String... types) {
      Map<String, Long> ops = operations();
      assertEquals(List.of(types).stream().sorted().toList(), List.copyOf(ops.keySet()), what);
      ops.forEach((type, n) -> assertTrue(n > 0, what + ": no " + type));
      assertEquals(OPERATIONS, ops.values().stream().mapToLong(Long::longValue).sum(),
          what + ": " + ops);
      assertAllOk();
    }

    /**
     * Every operation answered OK (no ERROR, no NOT_FOUND), and every type's latencies are
     * sane.
     */
    void assertAllOk() {
      operations().forEach((type, n) -> {
        if (type.equals("READ-MODIFY-WRITE")) {
          return;
        }
        Map<String, Double> values = metrics.get(type);
        Map<String, Double> returns = new TreeMap<>();
        values.forEach((k, v) -> {
          if (k.startsWith("Return=")) {
            returns.put(k, v);
          }
        });
        assertEquals(Map.of("Return=OK", (double) n), returns, what + " " + type + "\n"
            + output);
        assertLatencies(type);
      });
    }

    void assertLatencies(String type) {
      Map<String, Double> v = metrics.get(type);
      double min = v.get("MinLatency(us)");
      double avg = v.get("AverageLatency(us)");
      double max = v.get("MaxLatency(us)");
      assertTrue(min > 0 && min <= avg && avg <= max, what + " " + type + " latencies " + v);
    }
  }
}
