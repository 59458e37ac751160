package io.strata.client;

/** How a snapshot is taken, as HBase's: FLUSH flushes each region's memstore first. */
public enum SnapshotType {
  /** Flush every region first: the snapshot holds every write acknowledged before it. */
  FLUSH,
  /** Take only what is on disk: writes still in memstores are not in the snapshot. */
  SKIPFLUSH
}
