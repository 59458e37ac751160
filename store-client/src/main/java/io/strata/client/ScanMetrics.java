package io.strata.client;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What one scan cost, counted as it runs (enable with {@link Scan#setScanMetricsEnabled}).
 * Rows, cells and bytes are what reached the client; rows scanned and filtered are what the
 * servers read to find them. Safe to read while the scan runs. The counters are public (as in
 * HBase) because the client's scanner, in another package, adds to them; read them through the
 * getters.
 */
public final class ScanMetrics {
  public final AtomicLong rpcCalls = new AtomicLong();
  public final AtomicLong rpcRetries = new AtomicLong();
  public final AtomicLong regions = new AtomicLong();
  public final AtomicLong rows = new AtomicLong();
  public final AtomicLong cells = new AtomicLong();
  public final AtomicLong bytes = new AtomicLong();
  public final AtomicLong heartbeats = new AtomicLong();
  public final AtomicLong rowsScanned = new AtomicLong();
  public final AtomicLong rowsFiltered = new AtomicLong();

  /** Scan RPCs sent: opens, continuations and closes. */
  public long getRpcCalls() {
    return rpcCalls.get();
  }

  /** Calls that failed and were made again (on the same or a new location). */
  public long getRpcRetries() {
    return rpcRetries.get();
  }

  /** Regions the scan opened a scanner on (a region reopened after a move counts again). */
  public long getRegionsScanned() {
    return regions.get();
  }

  /** Results handed to the caller (whole rows, or parts when partial results are allowed). */
  public long getRowsReturned() {
    return rows.get();
  }

  public long getCellsReturned() {
    return cells.get();
  }

  /** Serialized size of the returned cells. */
  public long getBytesReturned() {
    return bytes.get();
  }

  /**
   * Answers that carried no row because the server spent its time limit reading rows the
   * filter rejected; the scan goes on.
   */
  public long getHeartbeats() {
    return heartbeats.get();
  }

  /** Rows the servers read for this scan, returned or not. */
  public long getRowsScanned() {
    return rowsScanned.get();
  }

  /** Rows the servers read and left out (filters, time ranges, deleted rows). */
  public long getRowsFiltered() {
    return rowsFiltered.get();
  }

  /** Every counter by name, in a stable order. */
  public Map<String, Long> getMetricsMap() {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("RPC_CALLS", getRpcCalls());
    m.put("RPC_RETRIES", getRpcRetries());
    m.put("REGIONS_SCANNED", getRegionsScanned());
    m.put("ROWS_RETURNED", getRowsReturned());
    m.put("CELLS_RETURNED", getCellsReturned());
    m.put("BYTES_RETURNED", getBytesReturned());
    m.put("HEARTBEATS", getHeartbeats());
    m.put("ROWS_SCANNED", getRowsScanned());
    m.put("ROWS_FILTERED", getRowsFiltered());
    return m;
  }

  @Override
  public String toString() {
    return "ScanMetrics" + getMetricsMap();
  }
}
