package io.strata.client;

/**
 * Receives a scan's rows pushed by {@link AsyncTable#scan}. Calls come one at a time, in row
 * order, on the connection's callback threads; the next batch is fetched while the consumer
 * works through the current one. Exactly one of {@link #onComplete} and {@link #onError} ends
 * the scan, unless {@link #onNext} stopped it first by returning false.
 */
public interface ScanResultConsumer {
  /** A row; return false to stop the scan (the server's scanner is closed). */
  boolean onNext(Result result);

  /** The scan failed; no more calls follow. */
  void onError(Throwable error);

  /** Every row was delivered. */
  void onComplete();

  /** The scan's counters, once, before the first row (when metrics are enabled). */
  default void onScanMetricsCreated(ScanMetrics metrics) {}
}
