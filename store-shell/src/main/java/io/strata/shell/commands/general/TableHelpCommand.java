package io.strata.shell.commands.general;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** table_help: how to use table references. */
public final class TableHelpCommand extends BaseCommand {
  public TableHelpCommand() {
    super("table_help", CommandGroup.GENERAL, """
        Explains table references: get_table (or create) returns one, and you call commands on
        it as methods, leaving out the table name.
          table_help
        """);
  }

  @Override
  public boolean timed() {
    return false;
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 0);
    ctx.out().println("""
        A table reference names a table once for many commands. Get one with get_table (or
        keep what create returns), then call commands on it as methods, without the table
        name:

          t = get_table 't1'
          t.put 'r1', 'f1:a', 'value'
          t.get 'r1'
          t.scan LIMIT => 10
          t.count INTERVAL => 1000
          t.incr 'r1', 'f1:hits', 5
          t.delete 'r1', 'f1:a'
          t.describe
          t.disable
          t.drop

        A reference also goes wherever a table name goes (count t). Its methods are:""");
    ctx.out().println("  " + String.join(", ", ctx.registry().tableMethods()));
    return null;
  }
}
