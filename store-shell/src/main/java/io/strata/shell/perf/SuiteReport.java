package io.strata.shell.perf;

import java.util.List;
import java.util.Locale;

/** The suite's results as the Markdown summary table of docs/performance.md, and as JSON. */
final class SuiteReport {
  /** A row's figures over TCP and through local connections. */
  record Measured(SuiteRow row, PeFigures tcp, PeFigures local) {}

  private SuiteReport() {}

  static String markdown(String heading, List<Measured> rows, int busyThreads) {
    StringBuilder sb = new StringBuilder(heading).append("\n\n");
    sb.append("| `bin/strata pe` arguments | client | TCP ops/s | TCP p50 µs | TCP p99 µs"
        + " | local ops/s | local p50 µs | local p99 µs | local ÷ TCP |\n");
    sb.append("|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Measured m : rows) {
      String conditions = m.row().conditions(busyThreads);
      sb.append("| `").append(m.row().command()).append("` | ")
          .append(conditions.isEmpty() ? "pe" : conditions).append(" | ")
          .append(cells(m.tcp())).append(" | ").append(cells(m.local())).append(" | ")
          .append(String.format(Locale.ROOT, "%.2f", m.local().opsPerSec()
              / m.tcp().opsPerSec())).append(" |\n");
    }
    return sb.toString();
  }

  private static String cells(PeFigures f) {
    return String.format(Locale.ROOT, "%,.0f | %s | %s", f.opsPerSec(), micros(f.p50Micros()),
        micros(f.p99Micros()));
  }

  /** Latencies under 10 µs with a decimal (a buffered write's are fractions of one). */
  private static String micros(double us) {
    return us < 10 ? String.format(Locale.ROOT, "%.2f", us)
        : String.format(Locale.ROOT, "%,.0f", us);
  }

  /** The sentence under the table that gives the TCP figures their floor. */
  static String floor(double roundTripMicros) {
    return String.format(Locale.ROOT, "A bare loopback TCP round trip on the same machine, two"
        + " threads spinning on non-blocking sockets with a get's sizes (%d bytes out, %,d back)"
        + " and no work between: p50 %.1f µs.%n", LoopbackRoundTrip.REQUEST_BYTES,
        LoopbackRoundTrip.ANSWER_BYTES, roundTripMicros);
  }

  static String json(String commit, String date, boolean quick, String heap,
      boolean heapTouched, int busyThreads, double roundTripMicros, List<Measured> rows) {
    StringBuilder sb = new StringBuilder("{\n");
    sb.append("  \"commit\": \"").append(commit).append("\",\n");
    sb.append("  \"date\": \"").append(date).append("\",\n");
    sb.append("  \"quick\": ").append(quick).append(",\n");
    sb.append("  \"serverHeap\": \"").append(heap).append("\",\n");
    sb.append("  \"serverHeapTouchedAtStart\": ").append(heapTouched).append(",\n");
    sb.append("  \"processors\": ").append(Runtime.getRuntime().availableProcessors())
        .append(",\n");
    sb.append(String.format(Locale.ROOT, "  \"loopbackRoundTripP50Us\": %.2f,%n",
        roundTripMicros));
    sb.append("  \"rows\": [\n");
    for (int i = 0; i < rows.size(); i++) {
      Measured m = rows.get(i);
      sb.append("    {\"command\": \"").append(m.row().command()).append("\", \"client\": \"")
          .append(m.row().jvm().name().toLowerCase(Locale.ROOT)).append("\", \"busyThreads\": ")
          .append(m.row().crowded() ? busyThreads : 0)
          .append(", \"tcp\": ").append(json(m.tcp()))
          .append(", \"local\": ").append(json(m.local())).append("}")
          .append(i + 1 < rows.size() ? ",\n" : "\n");
    }
    return sb.append("  ]\n}\n").toString();
  }

  private static String json(PeFigures f) {
    return String.format(Locale.ROOT, "{\"opsPerSec\": %.1f, \"p50Us\": %.2f, \"p99Us\": %.2f}",
        f.opsPerSec(), f.p50Micros(), f.p99Micros());
  }
}
