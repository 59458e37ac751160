package io.strata.shell.commands.dml;

import io.strata.client.Admin;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** truncate and truncate_preserve: empty a table, keeping its schema. */
public final class TruncateCommand extends BaseCommand {
  private final boolean preserveSplits;

  private TruncateCommand(String name, boolean preserveSplits, String help) {
    super(name, CommandGroup.DML, true, help);
    this.preserveSplits = preserveSplits;
  }

  public static TruncateCommand truncate() {
    return new TruncateCommand("truncate", false, """
        Empties a table: disables it (if enabled), drops its data and recreates it with the
        same schema as one region, enabled.
          truncate 't1'

        On a table reference t: t.truncate
        """);
  }

  public static TruncateCommand truncatePreserve() {
    return new TruncateCommand("truncate_preserve", true, """
        Empties a table as truncate does, but keeps its region boundaries (split keys).
          truncate_preserve 't1'

        On a table reference t: t.truncate_preserve
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    TableName table = args.table(0);
    Admin admin = ctx.admin();
    ctx.out().println("Truncating '" + table + "' table (it may take a while):");
    if (!admin.isTableDisabled(table)) {
      ctx.out().println("Disabling table...");
      admin.disableTable(table);
    }
    ctx.out().println(preserveSplits ? "Truncating table (keeping the region boundaries)..."
        : "Truncating table...");
    admin.truncateTable(table, preserveSplits);
    return null;
  }
}
