package io.strata.common.error;

import java.util.Map;

/** A create named a table that already exists. */
public final class TableExistsException extends DoNotRetryException {
  public TableExistsException(String table) {
    this("table '" + table + "' already exists; choose another name, or disable and drop it first", Map.of("table", table));
  }

  TableExistsException(String message, Map<String, String> details) {
    super(ErrorCode.TABLE_EXISTS, message, details);
  }
}
