package io.strata.shell.pe;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * Prints a run's results, per client and in total, as text and (with {@code --json}) as JSON
 * with the same figures. Latencies are in microseconds, as in HBase's tool.
 */
final class PeReport {
  /** The percentiles reported, with their names in text and JSON. */
  private static final double[] PERCENTILES = {50, 75, 95, 99, 99.9};
  private static final String[] TEXT_NAMES = {"p50", "p75", "p95", "p99", "p99.9"};
  private static final String[] JSON_NAMES = {"p50", "p75", "p95", "p99", "p99_9"};

  private PeReport() {}

  static void printText(PeOptions o, List<ClientResult> clients, ClientResult total,
      PrintStream out) {
    for (ClientResult c : clients) {
      out.printf(Locale.ROOT, "%s %s (rows from %d): %s%n", o.command.commandName(), c.name(),
          c.startRow(), line(c, o.latency));
    }
    out.printf(Locale.ROOT, "%s total, %d client%s: %s%n", o.command.commandName(),
        clients.size(), clients.size() == 1 ? "" : "s", line(total, o.latency));
  }

  private static String line(ClientResult c, boolean detail) {
    Histogram h = c.latencyNanos();
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
        "%,d rows in %.3f s, %,.0f rows/s, %,.2f MB/s; latency us: mean %,.2f", c.rows(),
        c.seconds(), c.rowsPerSecond(), c.megabytesPerSecond(), h.getMean() / 1000));
    for (int i = 0; i < PERCENTILES.length; i++) {
      sb.append(String.format(Locale.ROOT, ", %s %,.2f", TEXT_NAMES[i],
          c.latencyMicros(PERCENTILES[i])));
    }
    sb.append(String.format(Locale.ROOT, ", max %,.2f", h.getMaxValue() / 1000.0));
    sb.append(String.format(Locale.ROOT, "; cpu %.3f s, %.2f us/row", c.cpuNanos() / 1e9,
        c.cpuMicrosPerRow()));
    if (detail) {
      sb.append(String.format(Locale.ROOT,
          ", min %,.2f, stdDev %,.2f, p99.99 %,.2f, p99.999 %,.2f, %,d timed calls",
          h.getMinValue() / 1000.0, h.getStdDeviation() / 1000, c.latencyMicros(99.99),
          c.latencyMicros(99.999), h.getTotalCount()));
    }
    return sb.toString();
  }

  static void writeJson(PeOptions o, List<ClientResult> clients, ClientResult total, Path file)
      throws IOException {
    StringBuilder sb = new StringBuilder("{\n");
    sb.append("  \"command\": \"").append(o.command.commandName()).append("\",\n");
    sb.append("  \"clients\": ").append(clients.size()).append(",\n");
    sb.append("  \"table\": \"").append(escape(o.table)).append("\",\n");
    sb.append("  \"rowsPerClient\": ").append(o.perClientRows).append(",\n");
    sb.append("  \"totalRows\": ").append(o.totalRows).append(",\n");
    sb.append("  \"valueSize\": ").append(o.valueSize).append(",\n");
    sb.append("  \"cycles\": ").append(o.cycles).append(",\n");
    sb.append("  \"sampleRate\": ").append(o.sampleRate).append(",\n");
    sb.append("  \"seed\": ").append(o.seed).append(",\n");
    sb.append("  \"clientResults\": [\n");
    for (int i = 0; i < clients.size(); i++) {
      sb.append("    ").append(json(clients.get(i))).append(i + 1 < clients.size() ? ",\n"
          : "\n");
    }
    sb.append("  ],\n  \"total\": ").append(json(total)).append("\n}\n");
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, sb, StandardCharsets.UTF_8);
  }

  private static String json(ClientResult c) {
    Histogram h = c.latencyNanos();
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
        "{\"client\": \"%s\", \"startRow\": %d, \"rows\": %d, \"bytes\": %d,"
            + " \"elapsedMs\": %.3f, \"rowsPerSec\": %.1f, \"mbPerSec\": %.3f,"
            + " \"latencyUs\": {\"count\": %d, \"mean\": %.2f, \"min\": %.2f",
        c.name(), c.startRow(), c.rows(), c.bytes(), c.elapsedNanos() / 1e6, c.rowsPerSecond(),
        c.megabytesPerSecond(), h.getTotalCount(), h.getMean() / 1000,
        h.getMinValue() / 1000.0));
    for (int i = 0; i < PERCENTILES.length; i++) {
      sb.append(String.format(Locale.ROOT, ", \"%s\": %.2f", JSON_NAMES[i],
          c.latencyMicros(PERCENTILES[i])));
    }
    sb.append(String.format(Locale.ROOT, ", \"p99_99\": %.2f, \"max\": %.2f, \"stdDev\": %.2f},"
        + " \"cpuMs\": %.3f, \"cpuUsPerRow\": %.3f}", c.latencyMicros(99.99),
        h.getMaxValue() / 1000.0, h.getStdDeviation() / 1000, c.cpuNanos() / 1e6,
        c.cpuMicrosPerRow()));
    return sb.toString();
  }

  private static String escape(String s) {
    return s.replace("\\", "\\\\").replace("\"", "\\\"");
  }
}
