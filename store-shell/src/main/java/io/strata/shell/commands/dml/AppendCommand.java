package io.strata.shell.commands.dml;

import io.strata.client.Append;
import io.strata.client.Result;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.common.util.Bytes;

/** append: adds bytes to the end of a cell's value atomically. */
public final class AppendCommand extends BaseCommand {
  public AppendCommand() {
    super("append", CommandGroup.DML, true, """
        Appends a value to a cell atomically (a missing cell starts empty) and prints the new \
        value:
          append 't1', 'r1', 'f1:log', 'abc'
          append 't1', 'r1', 'f1:log', "\\x00\\x01"

        On a table reference t: t.append 'r1', 'f1:log', 'abc'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(4, 4);
    byte[] row = args.row(1);
    ColumnSpec col = ColumnSpec.exact(args.get(2), args.argName(2, "column"));
    byte[] value = args.bytes(3, "value");
    Result r = ctx.table(args.table(0))
        .append(new Append(row).addColumn(col.family(), col.qualifier(), value));
    ctx.out().println("CURRENT VALUE = "
        + Bytes.toStringBinary(r.getValue(col.family(), col.qualifier())));
    return null;
  }
}
