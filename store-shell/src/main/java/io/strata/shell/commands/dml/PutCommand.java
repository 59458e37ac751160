package io.strata.shell.commands.dml;

import io.strata.client.Put;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** put: writes one cell. */
public final class PutCommand extends BaseCommand {
  public PutCommand() {
    super("put", CommandGroup.DML, true, """
        Puts a cell value at the given table, row and column ('family:qualifier'), with the \
        given timestamp or the server's current time:
          put 't1', 'r1', 'f1:q', 'value'
          put 't1', 'r1', 'f1:q', 'value', 1303668804000
          put 't1', "r\\x00\\x01", 'f1:q', "\\x00\\xFF"
          put 'ns1:t1', 'r1', 'f1:count', 42       (stored as the text "42")

        On a table reference t: t.put 'r1', 'f1:q', 'value'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(4, 5);
    byte[] row = args.row(1);
    ColumnSpec col = ColumnSpec.exact(args.get(2), args.argName(2, "column"));
    byte[] value = args.bytes(3, "value");
    Put put = new Put(row);
    if (args.has(4)) {
      long ts = args.longValue(4, "timestamp");
      put.addColumn(col.family(), col.qualifier(), ts, value);
    } else {
      put.addColumn(col.family(), col.qualifier(), value);
    }
    ctx.table(args.table(0)).put(put);
    return null;
  }
}
