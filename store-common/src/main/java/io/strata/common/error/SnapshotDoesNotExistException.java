package io.strata.common.error;

import java.util.Map;

/** A call named a snapshot there is none of (HBase's of the same name). */
public final class SnapshotDoesNotExistException extends DoNotRetryException {
  public SnapshotDoesNotExistException(String snapshot) {
    this("snapshot '" + snapshot + "' does not exist; list_snapshots lists those there are",
        Map.of("snapshot", snapshot));
  }

  SnapshotDoesNotExistException(String message, Map<String, String> details) {
    super(ErrorCode.SNAPSHOT_NOT_FOUND, message, details);
  }
}
