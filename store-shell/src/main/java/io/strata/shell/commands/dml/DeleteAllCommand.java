package io.strata.shell.commands.dml;

import io.strata.client.Delete;
import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.client.Table;
import io.strata.common.cell.CellLimits;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;
import java.util.ArrayList;
import java.util.List;

/** deleteall: removes a whole row, a row's column, or every row with a prefix. */
public final class DeleteAllCommand extends BaseCommand {
  public DeleteAllCommand() {
    super("deleteall", CommandGroup.DML, true, """
        Deletes all cells of a row, optionally only of a column or family and at or before a \
        timestamp. In place of the row, {ROWPREFIXFILTER => 'prefix'} deletes every row that \
        starts with the prefix (CACHE: rows read per call, BATCH: rows deleted per call; \
        default 100 each):
          deleteall 't1', 'r1'
          deleteall 't1', 'r1', 'f1:q'
          deleteall 't1', 'r1', 'f1:q', 1303668804000
          deleteall 't1', {ROWPREFIXFILTER => 'user1'}
          deleteall 't1', {ROWPREFIXFILTER => 'user1', CACHE => 500, BATCH => 200}, 'f1'

        On a table reference t: t.deleteall 'r1'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, 4);
    ColumnSpec col = args.has(2) ? ColumnSpec.target(args.get(2), args.argName(2, "column")) : null;
    long ts = args.has(3) ? args.longValue(3, "timestamp") : CellLimits.LATEST_TIMESTAMP;
    Table table = ctx.table(args.table(0));
    if (!args.isHash(1)) {
      table.delete(DeleteCommand.delete(args.row(1), col, ts));
      return null;
    }
    Options o = args.options(1, "ROWPREFIXFILTER", "CACHE", "BATCH");
    byte[] prefix = o.bytes("ROWPREFIXFILTER");
    if (prefix == null || prefix.length == 0) {
      throw new CommandException("deleteall with a hash needs ROWPREFIXFILTER => 'prefix' (a"
          + " non-empty prefix; to empty a table use truncate)");
    }
    int batch = o.intValue("BATCH", 100);
    int cache = o.intValue("CACHE", 100);
    if (batch < 1 || cache < 1) {
      throw new CommandException("CACHE and BATCH must be at least 1");
    }
    Scan scan = new Scan().setRowPrefixFilter(prefix).setCaching(cache).setCacheBlocks(false)
        .setFilter(ReadSpec.firstKeyOnly());
    List<Delete> pending = new ArrayList<>(batch);
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result r : scanner) {
        pending.add(DeleteCommand.delete(r.getRow(), col, ts));
        if (pending.size() >= batch) {
          table.delete(pending);
          pending = new ArrayList<>(batch);
        }
      }
    }
    if (!pending.isEmpty()) {
      table.delete(pending);
    }
    return null;
  }
}
