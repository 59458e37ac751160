package io.strata.shell.command;

import io.strata.common.schema.TableName;

/**
 * What {@code get_table} and {@code create} return: a table users call commands on as methods
 * ({@code t = get_table 't1'; t.scan}), and pass wherever a table name goes.
 */
public record TableRef(TableName name) {
  @Override
  public String toString() {
    return "Strata::Table - " + name;
  }
}
