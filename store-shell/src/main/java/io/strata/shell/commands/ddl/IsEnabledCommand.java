package io.strata.shell.commands.ddl;

import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** is_enabled: says whether a table is enabled. */
public final class IsEnabledCommand extends BaseCommand {
  public IsEnabledCommand() {
    super("is_enabled", CommandGroup.DDL, true, """
        Says whether the table is enabled (true) or not (false).
          is_enabled 't1'

        On a table reference t: t.is_enabled
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    TableName name = args.table(0);
    boolean enabled = ctx.admin().isTableEnabled(name);
    ctx.out().println(enabled);
    return enabled;
  }
}
