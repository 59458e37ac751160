package io.strata.client;

import java.util.concurrent.CompletableFuture;

/**
 * A scan read one future at a time: {@link #next()} completes with the next row, or with null
 * at the end. Calls may be made before the previous future completes; they are answered in
 * order. Close it (or read to the end) so the server frees the scanner.
 *
 * <pre>{@code
 * AsyncResultScanner s = table.openScanner(scan);
 * s.next().thenCompose(first -> ...);
 * }</pre>
 */
public interface AsyncResultScanner extends AutoCloseable {
  /** The next row (a part of one when partial results are allowed), or null at the end. */
  CompletableFuture<Result> next();

  /** The scan's counters, or null unless {@link Scan#setScanMetricsEnabled} was set. */
  ScanMetrics getScanMetrics();

  /** Frees the server's scanner; pending {@link #next()} futures complete with null. */
  @Override
  void close();
}
