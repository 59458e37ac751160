package io.strata.it.pe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/strata perf-suite --quick} as a user runs it: it prints the summary table with
 * every row and a number in every figure's cell, writes the same rows as JSON, and leaves no
 * directory or process behind. How fast is not checked: that is what the suite reports.
 */
class PerfSuiteTest {
  private static final Path ROOT = Path.of(System.getProperty("strata.source.root", ".."));
  /** The summary's rows: nine pe commands, three under a plain JVM, two beside busy threads. */
  private static final List<String> ROWS = List.of(
      "`--rows=10000 randomRead 1` | pe",
      "`--rows=10000 randomRead 4` | pe",
      "`--rows=10000 sequentialRead 1` | pe",
      "`--rows=100000 scan 1` | pe",
      "`--rows=10000 increment 1` | pe",
      "`--rows=10000 --autoFlush=true randomWrite 1` | pe",
      "`--rows=50000 randomWrite 1` | pe",
      "`--rows=50000 sequentialWrite 1` | pe",
      "`--rows=12500 sequentialWrite 4` | pe",
      "`--rows=10000 randomRead 1` | plain JVM (`java -Xmx2g`)",
      "`--rows=50000 randomWrite 1` | plain JVM (`java -Xmx2g`)",
      "`--rows=100000 scan 1` | plain JVM (`java -Xmx2g`)",
      "`--rows=2500 randomRead 1` | %d busy threads beside",
      "`--rows=2500 increment 1` | %d busy threads beside");
  private static final Pattern NUMBER = Pattern.compile("[0-9][0-9,]*(\\.[0-9]+)?");

  @TempDir
  Path dir;

  @Test
  void quickSuitePrintsEveryRowAndCleansUp() throws Exception {
    Path tmp = Path.of(System.getProperty("java.io.tmpdir"));
    Set<Path> before = suiteDirs(tmp);
    Path json = dir.resolve("suite.json");
    ProcessBuilder pb = new ProcessBuilder(ROOT.resolve("bin/strata").toString(), "perf-suite",
        "--quick", "--json", json.toString()).directory(ROOT.toFile())
        .redirectError(dir.resolve("suite.err").toFile());
    pb.environment().remove("STRATA_OPTS");
    pb.environment().remove("STRATA_HEAPSIZE");
    Process p = pb.start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(10, TimeUnit.MINUTES)) {
      p.destroyForcibly();
    }
    String err = Files.readString(dir.resolve("suite.err"));
    assertEquals(0, p.exitValue(), out + err);

    int processors = Runtime.getRuntime().availableProcessors();
    List<String> table = out.lines().filter(l -> l.startsWith("| `--rows=")).toList();
    assertEquals(ROWS.size(), table.size(), out);
    for (int i = 0; i < ROWS.size(); i++) {
      String row = table.get(i);
      String expected = "| " + ROWS.get(i).formatted(processors) + " | ";
      assertTrue(row.startsWith(expected), "row " + i + ": " + row + "\nexpected " + expected);
      String[] figures = row.substring(expected.length()).split(" \\| ");
      assertEquals(7, figures.length, row);
      for (String f : figures) {
        assertTrue(NUMBER.matcher(f.replace(" |", "").trim()).matches(), "'" + f + "' in " + row);
      }
      assertTrue(parse(figures[0]) > 0 && parse(figures[3]) > 0, "ops/s in " + row);
    }
    assertTrue(out.startsWith("Measured by `bin/strata perf-suite --quick` on "), out);
    assertTrue(Pattern.compile("(?m)^A bare loopback TCP round trip on the same machine, .*:"
        + " p50 [0-9]+\\.[0-9] µs\\.$").matcher(out).find(), out);

    String written = Files.readString(json);
    Matcher rows = Pattern.compile("\\{\"command\": \"([^\"]+)\", \"client\": \"(pe|plain)\","
        + " \"busyThreads\": (\\d+), \"tcp\": \\{\"opsPerSec\": ([0-9.]+),").matcher(written);
    List<String> commands = new ArrayList<>();
    while (rows.find()) {
      commands.add(rows.group(1));
      assertTrue(Double.parseDouble(rows.group(4)) > 0, rows.group());
    }
    assertEquals(ROWS.stream().map(r -> r.substring(1, r.indexOf('`', 1))).toList(), commands,
        written);
    assertTrue(written.contains("\"quick\": true,"), written);
    assertTrue(Pattern.compile("\"loopbackRoundTripP50Us\": [0-9]+\\.[0-9]{2},")
        .matcher(written).find(), written);

    assertEquals(before, suiteDirs(tmp), "the suite removes its directory");
    try (Stream<ProcessHandle> all = ProcessHandle.allProcesses()) {
      List<String> left = all.map(h -> h.info().commandLine().orElse(""))
          .filter(c -> c.contains("strata-perf-suite-") || c.contains("perf.BusyLoop"))
          .toList();
      assertEquals(List.of(), left, "the suite stops every process it started");
    }
  }

  private static double parse(String figure) {
    return Double.parseDouble(figure.replace(",", "").trim());
  }

  private static Set<Path> suiteDirs(Path tmp) throws IOException {
    try (Stream<Path> s = Files.list(tmp)) {
      return s.filter(p -> p.getFileName().toString().startsWith("strata-perf-suite-"))
          .collect(Collectors.toSet());
    }
  }
}
