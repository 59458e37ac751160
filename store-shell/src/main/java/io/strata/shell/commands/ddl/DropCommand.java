package io.strata.shell.commands.ddl;

import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** drop: deletes a disabled table. */
public final class DropCommand extends BaseCommand {
  public DropCommand() {
    super("drop", CommandGroup.DDL, true, """
        Drops a table: deletes it and all its data. It must be disabled first.
          disable 't1'
          drop 't1'

        On a table reference t: t.drop
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    TableName name = args.table(0);
    ctx.admin().deleteTable(name);
    return null;
  }
}
