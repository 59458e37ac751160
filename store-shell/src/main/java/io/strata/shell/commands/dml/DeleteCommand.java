package io.strata.shell.commands.dml;

import io.strata.client.Delete;
import io.strata.common.cell.CellLimits;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** delete: removes a column's versions at or before a timestamp. */
public final class DeleteCommand extends BaseCommand {
  public DeleteCommand() {
    super("delete", CommandGroup.DML, true, """
        Deletes a cell: every version of the column ('family:qualifier', or a whole 'family') \
        at or before the given timestamp (default: all of them). A scan with RAW => true shows \
        the delete marker until a major compaction removes it.
          delete 't1', 'r1', 'f1:q'
          delete 't1', 'r1', 'f1:q', 1303668804000
          delete 't1', 'r1', 'f1'

        On a table reference t: t.delete 'r1', 'f1:q'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(3, 4);
    byte[] row = args.row(1);
    ColumnSpec col = ColumnSpec.target(args.get(2), args.argName(2, "column"));
    long ts = args.has(3) ? args.longValue(3, "timestamp") : CellLimits.LATEST_TIMESTAMP;
    ctx.table(args.table(0)).delete(delete(row, col, ts));
    return null;
  }

  /** A delete of every version of the column (or family) at or before {@code ts}. */
  static Delete delete(byte[] row, ColumnSpec col, long ts) {
    Delete d = new Delete(row);
    if (col == null) {
      return d; // the whole row (a timestamp comes only with a column)
    }
    if (col.qualifier() == null) {
      d.addFamily(col.family(), ts);
    } else {
      d.addColumns(col.family(), col.qualifier(), ts);
    }
    return d;
  }
}
