package io.strata.shell.commands.dml;

import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.common.filter.FilterList;
import io.strata.common.filter.FirstKeyOnlyFilter;
import io.strata.common.filter.KeyOnlyFilter;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;
import io.strata.shell.output.Printable;
import java.util.Arrays;
import java.util.List;

/** count: the number of rows in a table, with progress as it goes. */
public final class CountCommand extends BaseCommand {
  public CountCommand() {
    super("count", CommandGroup.DML, true, """
        Counts the rows of a table, printing "Current count: N, row: R" every INTERVAL rows \
        (default 1000). CACHE is the rows fetched per call (default 10; raise it for big \
        tables). Only row keys travel unless FILTER or COLUMNS narrow the rows counted; \
        STARTROW, STOPROW and ROWPREFIXFILTER bound the range, CACHE_BLOCKS => false keeps the \
        block cache as it was:
          count 't1'
          count 't1', INTERVAL => 100000
          count 't1', CACHE => 1000
          count 't1', INTERVAL => 10, CACHE => 1000
          count 't1', {FILTER => "PrefixFilter('user')", COLUMNS => 'f1'}

        On a table reference t: t.count, t.count INTERVAL => 100000
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 2);
    Options o = args.options(1, "INTERVAL", "CACHE", "CACHE_BLOCKS", "FILTER", "COLUMNS",
        "STARTROW", "STOPROW", "ROWPREFIXFILTER");
    long interval = o.longValue("INTERVAL", 1000);
    if (interval < 1) {
      throw new CommandException("INTERVAL must be at least 1, got " + interval);
    }
    ReadSpec spec = new ReadSpec();
    spec.addColumns(o.raw("COLUMNS"), "COLUMNS");
    spec.readOptions(Options.empty(name()));
    if (o.has("FILTER")) {
      spec.filter = ReadSpec.filter(o.raw("FILTER"));
    } else if (spec.columns.isEmpty()) {
      // The row key of each row's first cell is all that counting needs.
      spec.filter = new FilterList(FilterList.Operator.MUST_PASS_ALL,
          List.of(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
    }
    Scan scan = ScanBuilder.build(o, spec);
    if (!o.has("CACHE")) {
      scan.setCaching(10);
    }
    long count = 0;
    byte[] lastRow = null;
    try (ResultScanner scanner = ctx.table(args.table(0)).getScanner(scan)) {
      for (Result r : scanner) {
        if (Arrays.equals(lastRow, r.getRow())) {
          continue;
        }
        lastRow = r.getRow();
        count++;
        if (count % interval == 0) {
          ctx.out().println("Current count: " + count + ", row: " + Printable.bytes(lastRow));
        }
      }
    }
    ctx.out().println(count + " row(s)");
    return count;
  }
}
