package io.strata.shell.perf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.shell.perf.SuiteRow.ClientJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SuiteReportTest {
  @TempDir
  Path dir;

  @Test
  void readsTheTotalOfPesJson() throws IOException {
    Path json = dir.resolve("r.json");
    Files.writeString(json, "{\n  \"command\": \"randomRead\",\n  \"clientResults\": [\n"
        + "    {\"client\": \"0\", \"rowsPerSec\": 1.0, \"latencyUs\": {\"p50\": 2.00,"
        + " \"p99\": 3.00}}\n  ],\n  \"total\": {\"client\": \"total\", \"rows\": 10,"
        + " \"rowsPerSec\": 32114.5, \"latencyUs\": {\"count\": 10, \"p50\": 21.90,"
        + " \"p75\": 23.44, \"p99\": 187.01, \"p99_9\": 900.00}}\n}\n");
    assertEquals(new PeFigures(32114.5, 21.9, 187.01), PeFigures.read(json));
    Files.writeString(json, "{\"clientResults\": []}");
    assertEquals("pe's result " + json + " has no total",
        assertThrows(IOException.class, () -> PeFigures.read(json)).getMessage());
  }

  @Test
  void printsEveryRowWithBothTransportsAndTheirRatio() {
    List<SuiteReport.Measured> rows = List.of(
        new SuiteReport.Measured(new SuiteRow(List.of("--rows=100", "randomRead", "1"),
            ClientJvm.PE, false), new PeFigures(32114.5, 21.9, 187.01),
            new PeFigures(53069.0, 14.94, 71.04)),
        new SuiteReport.Measured(new SuiteRow(List.of("--rows=1000", "randomWrite", "1"),
            ClientJvm.PLAIN, true), new PeFigures(200000, 0.21, 2.1),
            new PeFigures(100000, 0.2, 11.4)));
    assertEquals("Heading\n\n"
        + "| `bin/strata pe` arguments | client | TCP ops/s | TCP p50 µs | TCP p99 µs | local ops/s"
        + " | local p50 µs | local p99 µs | local ÷ TCP |\n"
        + "|---|---|---:|---:|---:|---:|---:|---:|---:|\n"
        + "| `--rows=100 randomRead 1` | pe | 32,115 | 22 | 187 | 53,069 | 15 | 71 | 1.65 |\n"
        + "| `--rows=1000 randomWrite 1` | plain JVM (`java -Xmx2g`), 2 busy threads beside"
        + " | 200,000 | 0.21 | 2.10 | 100,000 | 0.20 | 11 | 0.50 |\n",
        SuiteReport.markdown("Heading", rows, 2));
  }

  @Test
  void theFloorSentenceNamesTheSizesAndTheRoundTrip() {
    assertEquals("A bare loopback TCP round trip on the same machine, two threads spinning on"
        + " non-blocking sockets with a get's sizes (100 bytes out, 1,100 back) and no work"
        + " between: p50 7.1 µs." + System.lineSeparator(), SuiteReport.floor(7.14));
  }

  @Test
  void warmUpsRunTheSameCommandAtFewerRows() {
    SuiteRow row = new SuiteRow(List.of("--rows=100000", "--autoFlush=true", "randomWrite",
        "1"), ClientJvm.PE, false);
    assertEquals(100_000, row.rows());
    assertEquals(List.of("--rows=20000", "--autoFlush=true", "randomWrite", "1"),
        row.withRows(20_000).peArgs());
  }

  @Test
  void quickSizesAreATenthOfTheFullOnes() {
    PerfSuiteMain.Sizes full = PerfSuiteMain.Sizes.of(false);
    PerfSuiteMain.Sizes quick = PerfSuiteMain.Sizes.of(true);
    assertEquals(full.tableRows(), 10 * quick.tableRows());
    assertEquals(full.ops(), 10 * quick.ops());
    assertEquals(full.writeRows(), 10 * quick.writeRows());
    assertEquals(14, PerfSuiteMain.rows(quick).size());
  }
}
