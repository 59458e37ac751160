package io.strata.common.error;

import java.util.Map;

/** The named table does not exist. */
public final class TableNotFoundException extends DoNotRetryException {
  public TableNotFoundException(String table) {
    this("table '" + table + "' does not exist; create it first (create '" + table + "', 'cf') or check the name with list", Map.of("table", table));
  }

  TableNotFoundException(String message, Map<String, String> details) {
    super(ErrorCode.TABLE_NOT_FOUND, message, details);
  }

  public String table() {
    return detail("table");
  }
}
