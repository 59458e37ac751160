package io.strata.shell.commands.dml;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** incr: adds to an 8-byte counter atomically. */
public final class IncrCommand extends BaseCommand {
  public IncrCommand() {
    super("incr", CommandGroup.DML, true, """
        Increments a counter cell atomically by the given amount (default 1; may be negative) \
        and prints its new value. A counter is an 8-byte big-endian long; a missing cell \
        counts as 0:
          incr 't1', 'r1', 'f1:hits'
          incr 't1', 'r1', 'f1:hits', 10
          incr 't1', 'r1', 'f1:hits', -1

        On a table reference t: t.incr 'r1', 'f1:hits', 10
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(3, 4);
    byte[] row = args.row(1);
    ColumnSpec col = ColumnSpec.exact(args.get(2), args.argName(2, "column"));
    long amount = args.has(3) ? args.longValue(3, "amount") : 1;
    long value = ctx.table(args.table(0))
        .incrementColumnValue(row, col.family(), col.qualifier(), amount);
    ctx.out().println("COUNTER VALUE = " + value);
    return null;
  }
}
