package io.strata.shell.commands.ddl;

import io.strata.client.Admin;
import io.strata.common.schema.TableName;
import java.io.IOException;

/** disable_all: disables every table matching a regular expression. */
public final class DisableAllCommand extends BulkTableCommand {
  public DisableAllCommand() {
    super("disable_all", "Disable", "disabled", """
        Disables every table whose name matches a regular expression, after listing them and
        asking to confirm (y/n).
          disable_all 't.*'
          disable_all 'ns:t.*'
        """);
  }

  @Override
  void apply(Admin admin, TableName table) throws IOException {
    admin.disableTable(table);
  }
}
