package io.strata.common.error;

import java.util.Map;

/** The operation needs an enabled table (disable), and this one is not enabled. */
public final class TableNotEnabledException extends DoNotRetryException {
  public TableNotEnabledException(String table, String state) {
    this("table '" + table + "' is " + state + ", not enabled; enable it first (enable '"
        + table + "')", Map.of("table", table, "state", state));
  }

  TableNotEnabledException(String message, Map<String, String> details) {
    super(ErrorCode.TABLE_NOT_ENABLED, message, details);
  }

  public String table() {
    return detail("table");
  }
}
