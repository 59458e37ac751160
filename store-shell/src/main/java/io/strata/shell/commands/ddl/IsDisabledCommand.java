package io.strata.shell.commands.ddl;

import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** is_disabled: says whether a table is disabled. */
public final class IsDisabledCommand extends BaseCommand {
  public IsDisabledCommand() {
    super("is_disabled", CommandGroup.DDL, true, """
        Says whether the table is disabled (true) or not (false).
          is_disabled 't1'

        On a table reference t: t.is_disabled
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    TableName name = args.table(0);
    boolean disabled = ctx.admin().isTableDisabled(name);
    ctx.out().println(disabled);
    return disabled;
  }
}
