package io.strata.shell.commands.ddl;

import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** exists: says whether a table exists. */
public final class ExistsCommand extends BaseCommand {
  public ExistsCommand() {
    super("exists", CommandGroup.DDL, true, """
        Says whether the table exists.
          exists 't1'
          exists 'ns1:t1'

        On a table reference t: t.exists
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    TableName name = args.table(0);
    boolean exists = ctx.admin().tableExists(name);
    ctx.out().println("Table " + name + (exists ? " does exist" : " does not exist"));
    return exists;
  }
}
