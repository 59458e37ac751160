package io.strata.server.wal;

/**
 * Told of a WAL's syncs and rolls, on its writing thread, for the server's metrics: the WAL
 * knows nothing of what listens, and a listener must be quick.
 */
public interface WalObserver {
  /** Nobody listens. */
  WalObserver NONE = new WalObserver() {};

  /**
   * One batch of edits written and synced (hflush or hsync).
   *
   * @param edits the edits the sync made durable
   * @param writeNanos writing the batch to the file
   * @param syncNanos the hflush or hsync
   */
  default void synced(int edits, long writeNanos, long syncNanos) {}

  /** The WAL started a new file. */
  default void rolled() {}
}
