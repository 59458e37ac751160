package io.strata.shell.commands.dml;

import io.strata.client.Get;
import io.strata.client.Result;
import io.strata.common.util.Bytes;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** get_counter: reads a counter cell as a number. */
public final class GetCounterCommand extends BaseCommand {
  public GetCounterCommand() {
    super("get_counter", CommandGroup.DML, true, """
        Prints a counter cell's value (an 8-byte long written by incr):
          get_counter 't1', 'r1', 'f1:hits'

        On a table reference t: t.get_counter 'r1', 'f1:hits'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(3, 3);
    byte[] row = args.row(1);
    ColumnSpec col = ColumnSpec.exact(args.get(2), args.argName(2, "column"));
    Result r = ctx.table(args.table(0))
        .get(new Get(row).addColumn(col.family(), col.qualifier()));
    byte[] v = r.getValue(col.family(), col.qualifier());
    if (v == null) {
      ctx.out().println("No counter found at specified coordinates");
      return null;
    }
    if (v.length != 8) {
      throw new CommandException("the cell holds " + v.length + " bytes, not an 8-byte counter;"
          + " read it with get");
    }
    ctx.out().println("COUNTER VALUE = " + Bytes.toLong(v));
    return null;
  }
}
