package io.strata.it.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Each daemon's info port after known work: exact request counts in /jmx and /prometheus, the
 * Prometheus text read by Prometheus's own parser (promtool), the configuration with secrets
 * masked, thread dumps, log levels, and the status pages naming servers, tables and regions.
 */
class InfoPortTest {
  private static final byte[] F = Bytes.toBytes("f");
  private final HttpClient http = HttpClient.newBuilder()
      .followRedirects(HttpClient.Redirect.NEVER).build();

  @TempDir
  Path dir;

  private HttpResponse<String> get(int port, String path) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .build(), HttpResponse.BodyHandlers.ofString());
  }

  private String ok(int port, String path) throws Exception {
    HttpResponse<String> r = get(port, path);
    assertEquals(200, r.statusCode(), path + ": " + r.body());
    return r.body();
  }

  /** /prometheus of {@code port}, for a wait's condition (which may not throw). */
  private String scrape(int port) {
    try {
      return ok(port, "/prometheus");
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** A numeric attribute of the region server's metrics bean, from /jmx. */
  private long jmx(int port, String attribute) throws Exception {
    String body = ok(port, "/jmx?get=Strata:service=RegionServer,name=Metrics::" + attribute);
    Matcher m = Pattern.compile("\"" + Pattern.quote(attribute) + "\" : ([0-9.]+)")
        .matcher(body);
    return m.find() ? (long) Double.parseDouble(m.group(1)) : 0;
  }

  /** A sample's value from /prometheus, or 0 if absent. */
  private static double sample(String text, String series) {
    for (String line : text.split("\n")) {
      if (line.startsWith(series + " ")) {
        return Double.parseDouble(line.substring(series.length() + 1).trim());
      }
    }
    return 0;
  }

  @Test
  void metricsPagesAndStatus() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.test.password", "hunter2");
    try (MiniCluster mini = MiniCluster.start(conf, dir, 1)) {
      int rs = mini.regionServer(0).infoPort();
      int master = mini.master().infoPort();
      assertTrue(rs > 0 && master > 0, "both info ports served");
      Connection conn = mini.connect();
      Admin admin = conn.getAdmin();
      TableName name = TableName.valueOf("t");
      admin.createTable(TableDescriptor.newBuilder(name)
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      Table t = conn.getTable(name);
      for (int i = 0; i < 10; i++) {
        t.put(new Put(Bytes.toBytes("row" + i)).addColumn(F, F, Bytes.toBytes(i)));
      }
      t.get(new Get(Bytes.toBytes("row0"))); // locations cached: the gets below are all
      String series = "strata_table_read_requests{table=\"t\"}";
      long gets = jmx(rs, "Get_num_ops");
      double tableReads = sample(ok(rs, "/prometheus"), series);

      for (int i = 0; i < 1000; i++) {
        assertFalse(t.get(new Get(Bytes.toBytes("row" + (i % 10)))).isEmpty());
      }

      assertEquals(gets + 1000, jmx(rs, "Get_num_ops"));
      String prom = ok(rs, "/prometheus");
      assertEquals(tableReads + 1000, sample(prom, series));
      assertEquals(gets + 1000, sample(prom, "strata_requests_seconds_count{op=\"get\"}"));
      assertTrue(jmx(rs, "Put_num_ops") >= 10, "puts counted");
      // By table (latency by operation) and by region (counts by operation).
      String region = conn.getRegionLocator(name).getAllRegionLocations().get(0).region()
          .getEncodedName();
      assertEquals(1001.0, sample(prom,
          "strata_table_requests_seconds_count{op=\"get\",table=\"t\"}"), prom);
      assertEquals(10.0, sample(prom,
          "strata_table_requests_seconds_count{op=\"put\",table=\"t\"}"));
      assertTrue(prom.contains("strata_table_requests_seconds{op=\"get\",table=\"t\","
          + "quantile=\"0.99\"}"), "a latency histogram per table");
      assertEquals(1001.0, sample(prom, "strata_region_requests{op=\"get\",region=\""
          + region + "\",table=\"t\"}"));
      assertTrue(prom.contains("jvm_memory_used_bytes{"), "the JVM's meters too");
      assertTrue(prom.contains("strata_blockcache_hits_total{tier=\"L1\",type=\"data\"}"),
          prom);
      promtoolParses(prom);

      // A flush is timed and its bytes counted; the puts were synced to the WAL.
      admin.flush(name);
      String afterFlush = ok(rs, "/prometheus");
      assertTrue(sample(afterFlush, "strata_regionserver_flush_time_seconds_count") >= 1,
          afterFlush);
      assertTrue(sample(afterFlush, "strata_regionserver_flushed_bytes_total") > 0);
      assertTrue(sample(afterFlush, "strata_wal_synced_edits_total") >= 10);
      assertEquals(1.0, sample(afterFlush, "strata_wal_files"));
      assertTrue(sample(afterFlush, "strata_wal_sync_time_seconds_count") >= 1, afterFlush);
      assertEquals(sample(afterFlush, "strata_wal_synced_edits_total"),
          sample(afterFlush, "strata_wal_sync_batch_sum"), "every synced edit in a batch");
      assertEquals(0.0, sample(afterFlush, "strata_master_procedures_failed_total"));
      // A second file, then a major compaction of both: timed, its bytes counted.
      t.put(new Put(Bytes.toBytes("row10")).addColumn(F, F, Bytes.toBytes(10)));
      admin.flush(name);
      admin.majorCompact(name); // queued: wait for it
      String majors = "strata_regionserver_compaction_time_seconds_count{major=\"true\"}";
      MiniCluster.waitFor(() -> sample(scrape(rs), majors) >= 1, Duration.ofSeconds(30),
          "the major compaction counted");
      String compacted = ok(rs, "/prometheus");
      assertEquals(1.0, sample(compacted, majors), compacted);
      assertTrue(sample(compacted, "strata_regionserver_compacted_input_bytes_total")
          > sample(compacted, "strata_regionserver_compacted_output_bytes_total"));
      assertTrue(sample(compacted, "strata_regionserver_compacted_output_bytes_total") > 0);

      HttpResponse<String> metrics = get(rs, "/metrics");
      assertEquals(302, metrics.statusCode());
      assertEquals("/prometheus", metrics.headers().firstValue("Location").orElse(""));

      String confXml = ok(rs, "/conf");
      assertTrue(confXml.contains("<name>strata.regionserver.info.port</name>"), confXml);
      assertTrue(confXml.contains("<name>strata.test.password</name><value>******</value>"));
      assertFalse(confXml.contains("hunter2"), "a secret is never shown");

      String stacks = ok(rs, "/stacks");
      assertTrue(stacks.contains("\"regionserver-info") && stacks.contains("Thread.State"));

      assertEquals("Set level of io.strata.test: DEBUG\n",
          ok(rs, "/logLevel?log=io.strata.test&level=DEBUG"));
      assertEquals("Effective level of io.strata.test: DEBUG\n",
          ok(rs, "/logLevel?log=io.strata.test"));
      assertEquals(400, get(rs, "/logLevel?log=io.strata.test&level=LOUD").statusCode());
      assertEquals(400, get(rs, "/jmx?qry=no:such:pattern:").statusCode());
      assertTrue(ok(rs, "/jmx?qry=java.lang:type=Memory").contains("\"HeapMemoryUsage\""));
      assertEquals(404, get(rs, "/nothing").statusCode());

      String rsPage = ok(rs, "/");
      assertTrue(rsPage.contains("<td>t</td>"), rsPage);
      String masterPage = ok(master, "/");
      assertTrue(masterPage.contains(mini.regionServer(0).serverName().toString()), masterPage);
      assertTrue(masterPage.contains("<td><a href=\"/table?name=t\">t</a></td><td>1</td>"
          + "<td>1</td>"), masterPage);
      assertTrue(ok(master, "/jmx?qry=Strata:service=Master,*")
          .contains("\"masterRegionserversLive\" : 1"));
    }
  }

  /** Prometheus's own parser reads the text: promtool, from Debian's prometheus package. */
  private static void promtoolParses(String text) throws IOException, InterruptedException {
    Process p;
    try {
      p = new ProcessBuilder("promtool", "check", "metrics").redirectErrorStream(true).start();
    } catch (IOException e) {
      Assumptions.abort("promtool is not installed (apt-get install prometheus; .ci/run does):"
          + " the Prometheus text was not parsed by Prometheus's parser");
      return;
    }
    p.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    // Exit 1: the text did not parse. Exit 3: lint findings only (names, help texts).
    assertTrue(p.exitValue() == 0 || p.exitValue() == 3, "promtool: " + out);
    assertFalse(out.contains("error while linting"), out);
  }
}
