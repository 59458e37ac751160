package io.strata.common.error;

import java.util.Map;

/**
 * A write to a table whose schema says READONLY. Reads, flushes and compactions still run;
 * retrying cannot help until the table is altered.
 */
public final class TableReadOnlyException extends DoNotRetryException {
  public TableReadOnlyException(String table) {
    this("table '" + table + "' is read-only; allow writes with alter '" + table
        + "', READONLY => false", Map.of("table", table));
  }

  TableReadOnlyException(String message, Map<String, String> details) {
    super(ErrorCode.TABLE_READ_ONLY, message, details);
  }

  public String table() {
    return detail("table");
  }
}
