package io.strata.shell.commands.ddl;

import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** get_table: a reference to call table methods on. */
public final class GetTableCommand extends BaseCommand {
  public GetTableCommand() {
    super("get_table", CommandGroup.DDL, """
        Gets a reference to a table, to call commands on it as methods (table_help lists them).
          t1 = get_table 't1'
          t1.put 'r1', 'f1:q', 'v'
          t1.scan
          t1.count INTERVAL => 10000
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    TableName name = args.table(0);
    if (!ctx.admin().tableExists(name)) {
      throw new io.strata.common.error.TableNotFoundException(name.toString());
    }
    return new io.strata.shell.command.TableRef(name);
  }
}
