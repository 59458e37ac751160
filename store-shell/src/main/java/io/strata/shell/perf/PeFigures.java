package io.strata.shell.perf;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The figures of one pe run that the summary shows, read from the total of its {@code --json}
 * file (io.strata.shell.pe.PeReport writes it): operations (rows) per second and the p50 and p99
 * latency in microseconds.
 */
record PeFigures(double opsPerSec, double p50Micros, double p99Micros) {
  private static final Pattern TOTAL = Pattern.compile("\"total\": \\{(.*)\\}", Pattern.DOTALL);

  static PeFigures read(Path json) throws IOException {
    String text = Files.readString(json);
    Matcher total = TOTAL.matcher(text);
    if (!total.find()) {
      throw new IOException("pe's result " + json + " has no total");
    }
    String t = total.group(1);
    return new PeFigures(number(t, "rowsPerSec", json), number(t, "p50", json),
        number(t, "p99", json));
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%,.0f ops/s, p50 %.2f µs, p99 %.2f µs", opsPerSec,
        p50Micros, p99Micros);
  }

  private static double number(String text, String name, Path json) throws IOException {
    Matcher m = Pattern.compile("\"" + name + "\": ([0-9.eE+-]+)").matcher(text);
    if (!m.find()) {
      throw new IOException("pe's result " + json + " has no " + name);
    }
    return Double.parseDouble(m.group(1));
  }
}
