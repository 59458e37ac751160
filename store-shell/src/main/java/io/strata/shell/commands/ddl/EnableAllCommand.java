package io.strata.shell.commands.ddl;

import io.strata.client.Admin;
import io.strata.common.schema.TableName;
import java.io.IOException;

/** enable_all: enables every table matching a regular expression. */
public final class EnableAllCommand extends BulkTableCommand {
  public EnableAllCommand() {
    super("enable_all", "Enable", "enabled", """
        Enables every table whose name matches a regular expression, after listing them and
        asking to confirm (y/n).
          enable_all 't.*'
          enable_all 'ns:t.*'
        """);
  }

  @Override
  void apply(Admin admin, TableName table) throws IOException {
    admin.enableTable(table);
  }
}
