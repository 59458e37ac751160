package io.strata.shell.commands.ddl;

import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** disable: takes a table offline. */
public final class DisableCommand extends BaseCommand {
  public DisableCommand() {
    super("disable", CommandGroup.DDL, true, """
        Disables a table: its regions close (flushing their memory to files) and it serves no
        reads or writes until enabled. Drop, truncate and some changes need it disabled.
          disable 't1'
          disable 'ns1:t1'

        On a table reference t: t.disable
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    TableName name = args.table(0);
    ctx.admin().disableTable(name);
    return null;
  }
}
