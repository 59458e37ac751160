package io.strata.shell.commands.ddl;

import io.strata.client.Admin;
import io.strata.common.schema.TableName;
import java.io.IOException;

/** drop_all: drops every (disabled) table matching a regular expression. */
public final class DropAllCommand extends BulkTableCommand {
  public DropAllCommand() {
    super("drop_all", "Drop", "dropped", """
        Drops every table whose name matches a regular expression, after listing them and
        asking to confirm (y/n). The tables must be disabled (disable_all first).
          drop_all 't.*'
          drop_all 'ns:t.*'
        """);
  }

  @Override
  void apply(Admin admin, TableName table) throws IOException {
    admin.deleteTable(table);
  }
}
