package io.strata.common.error;

import java.util.Map;

/** A snapshot was asked for under a name a snapshot already has (HBase's of the same name). */
public final class SnapshotExistsException extends DoNotRetryException {
  public SnapshotExistsException(String snapshot) {
    this("snapshot '" + snapshot + "' already exists; choose another name, or delete it first "
        + "(delete_snapshot '" + snapshot + "')", Map.of("snapshot", snapshot));
  }

  SnapshotExistsException(String message, Map<String, String> details) {
    super(ErrorCode.SNAPSHOT_EXISTS, message, details);
  }
}
