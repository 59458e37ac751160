package io.strata.common.error;

import java.util.Map;

/** The operation needs a disabled table (delete, truncate), and this one is not disabled. */
public final class TableNotDisabledException extends DoNotRetryException {
  public TableNotDisabledException(String table, String operation) {
    this("table '" + table + "' is not disabled; disable it first (disable '" + table
        + "') and then " + operation, Map.of("table", table, "operation", operation));
  }

  /** For enabling a table that is enabled already (HBase answers the same type). */
  public static TableNotDisabledException alreadyEnabled(String table) {
    return new TableNotDisabledException("table '" + table + "' is enabled already; there is "
        + "nothing to enable", Map.of("table", table, "operation", "enable it"));
  }

  TableNotDisabledException(String message, Map<String, String> details) {
    super(ErrorCode.TABLE_NOT_DISABLED, message, details);
  }

  public String table() {
    return detail("table");
  }
}
