package io.strata.shell.pe;

import org.HdrHistogram.Histogram;

/**
 * What one client did, or all of them together: rows run, bytes moved, the time it took and
 * the latency of every timed call in nanoseconds.
 */
record ClientResult(String name, int startRow, long rows, long bytes, long elapsedNanos,
    Histogram latencyNanos) {

  /** Latencies from 1 ns to an hour, to 3 significant digits. */
  static Histogram newHistogram() {
    return new Histogram(3_600_000_000_000L, 3);
  }

  double seconds() {
    return elapsedNanos / 1e9;
  }

  double rowsPerSecond() {
    return elapsedNanos == 0 ? 0 : rows / seconds();
  }

  double megabytesPerSecond() {
    return elapsedNanos == 0 ? 0 : bytes / seconds() / (1024 * 1024);
  }

  /** Latency at {@code percentile} in microseconds. */
  double latencyMicros(double percentile) {
    return latencyNanos.getValueAtPercentile(percentile) / 1000.0;
  }

  /** All clients: rows and bytes summed, latencies merged, over the run's wall-clock time. */
  static ClientResult total(Iterable<ClientResult> clients, long wallNanos) {
    Histogram all = newHistogram();
    long rows = 0;
    long bytes = 0;
    for (ClientResult c : clients) {
      rows += c.rows;
      bytes += c.bytes;
      all.add(c.latencyNanos);
    }
    return new ClientResult("total", 0, rows, bytes, wallNanos, all);
  }
}
