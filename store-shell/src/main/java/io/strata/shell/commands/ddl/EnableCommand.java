package io.strata.shell.commands.ddl;

import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** enable: brings a disabled table back online. */
public final class EnableCommand extends BaseCommand {
  public EnableCommand() {
    super("enable", CommandGroup.DDL, true, """
        Enables a disabled table: its regions open and it serves again.
          enable 't1'
          enable 'ns1:t1'

        On a table reference t: t.enable
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    TableName name = args.table(0);
    ctx.admin().enableTable(name);
    return null;
  }
}
