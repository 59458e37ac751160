package io.strata.common.error;

import java.util.Map;

/** A mutation or read named a column family the table does not have. */
public final class NoSuchFamilyException extends DoNotRetryException {
  public NoSuchFamilyException(String table, String family, java.util.List<String> validFamilies) {
    this("column family '" + family + "' does not exist in table '" + table + "'; valid families: " + String.join(", ", validFamilies) + "; add it with alter '" + table + "', '" + family + "'", Map.of("table", table, "family", family, "valid", String.join(",", validFamilies)));
  }

  NoSuchFamilyException(String message, Map<String, String> details) {
    super(ErrorCode.NO_SUCH_FAMILY, message, details);
  }

  public String family() {
    return detail("family");
  }
}
