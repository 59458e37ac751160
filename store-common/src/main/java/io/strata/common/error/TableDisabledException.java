package io.strata.common.error;

import java.util.Map;

/** The table is disabled, so its regions serve no reads or writes. */
public final class TableDisabledException extends DoNotRetryException {
  public TableDisabledException(String table) {
    this("table '" + table + "' is disabled; enable it with enable '" + table + "'", Map.of("table", table));
  }

  TableDisabledException(String message, Map<String, String> details) {
    super(ErrorCode.TABLE_DISABLED, message, details);
  }
}
