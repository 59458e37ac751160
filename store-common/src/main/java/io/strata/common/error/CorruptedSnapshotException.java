package io.strata.common.error;

import java.util.List;
import java.util.Map;

/**
 * A snapshot cannot be cloned or restored: block files its manifest names are gone (HBase's of
 * the same name).
 */
public final class CorruptedSnapshotException extends DoNotRetryException {
  public CorruptedSnapshotException(String snapshot, List<String> missing) {
    this("snapshot '" + snapshot + "' is missing " + missing.size() + " block file(s) it names: "
        + String.join(", ", missing.subList(0, Math.min(10, missing.size())))
        + (missing.size() > 10 ? ", ..." : "") + "; copy them back into the archive (an "
        + "export of the snapshot holds them) or delete the snapshot",
        Map.of("snapshot", snapshot));
  }

  CorruptedSnapshotException(String message, Map<String, String> details) {
    super(ErrorCode.CORRUPTED_SNAPSHOT, message, details);
  }
}
