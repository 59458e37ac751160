package io.strata.common.error;

import java.util.Map;

/** Stored data failed a checksum or structural check; never returned as data. */
public final class CorruptFileException extends DoNotRetryException {
  public CorruptFileException(String file, String problem) {
    this("corrupt file " + file + ": " + problem + "; keep the file for inspection and restore its data from the WAL, a replica or a backup", Map.of("file", file));
  }

  CorruptFileException(String message, Map<String, String> details) {
    super(ErrorCode.CORRUPT_FILE, message, details);
  }

  public String file() {
    return detail("file");
  }
}
