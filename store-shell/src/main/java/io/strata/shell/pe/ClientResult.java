package io.strata.shell.pe;

import org.HdrHistogram.Histogram;

/**
 * What one client did, or all of them together: rows run, bytes moved, the time it took, the
 * latency of every timed call in nanoseconds, and the CPU time it took: the client thread's
 * own, or for the total the whole tool's process (its RPC threads, collector and compiler too),
 * which shares the machine's cores with a server on the same host.
 */
record ClientResult(String name, int startRow, long rows, long bytes, long elapsedNanos,
    Histogram latencyNanos, long cpuNanos) {

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

  /** CPU microseconds a row; 0 when no row ran. */
  double cpuMicrosPerRow() {
    return rows == 0 ? 0 : cpuNanos / 1e3 / rows;
  }

  /**
   * All clients: rows and bytes summed, latencies merged, over the run's wall-clock time and
   * the process's CPU time meanwhile.
   */
  static ClientResult total(Iterable<ClientResult> clients, long wallNanos,
      long processCpuNanos) {
    Histogram all = newHistogram();
    long rows = 0;
    long bytes = 0;
    for (ClientResult c : clients) {
      rows += c.rows;
      bytes += c.bytes;
      all.add(c.latencyNanos);
    }
    return new ClientResult("total", 0, rows, bytes, wallNanos, all, processCpuNanos);
  }
}
