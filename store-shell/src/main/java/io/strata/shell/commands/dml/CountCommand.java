package io.strata.shell.commands.dml;

import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Scan;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;
import io.strata.common.util.Bytes;
import java.util.Arrays;
import java.util.List;

/** count: the number of rows in a table, with progress as it goes. */
public final class CountCommand extends BaseCommand {
  public CountCommand() {
    super("count", CommandGroup.DML, true, """
        Counts the rows of a table, printing "Current count: N, row: R" every INTERVAL rows \
        (default 1000). CACHE is the rows fetched per call (default 10; raise it for big \
        tables). Only row keys travel unless FILTER or COLUMNS narrow the rows counted; \
        STARTROW, STOPROW and ROWPREFIXFILTER bound the range. The blocks a count reads stay out \
        of the block cache unless CACHE_BLOCKS => true. HBase's older forms count 't1', \
        INTERVAL and count 't1', "FILTER" work too:
          count 't1'
          count 't1', INTERVAL => 100000
          count 't1', CACHE => 1000
          count 't1', INTERVAL => 10, CACHE => 1000
          count 't1', {FILTER => "PrefixFilter('user')", COLUMNS => 'f1'}
          count 't1', 100000

        On a table reference t: t.count, t.count INTERVAL => 100000
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 3);
    Args given = args;
    if (args.has(1) && !args.isHash(1)) {
      // HBase's older forms: count 't1', 1000 (the interval) and count 't1', "PrefixFilter(..)".
      java.util.Map<Object, Object> opts = new java.util.LinkedHashMap<>();
      opts.put(args.get(1) instanceof Long ? "INTERVAL" : "FILTER", args.get(1));
      if (args.has(2)) {
        opts.put("CACHE", args.get(2));
      }
      given = new Args(args.command(), java.util.List.of(args.get(0), opts));
    } else if (args.has(2)) {
      throw new CommandException("count takes the table and one hash of options");
    }
    Options o = given.options(1, "INTERVAL", "CACHE", "CACHE_BLOCKS", "FILTER", "COLUMNS",
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
      spec.filter = ReadSpec.firstKeyOnly();
    }
    Scan scan = ScanBuilder.build(o, spec);
    if (!o.has("CACHE")) {
      scan.setCaching(10);
    }
    // A count reads every row once: keep it from evicting what the cache holds, as HBase does.
    scan.setCacheBlocks(o.bool("CACHE_BLOCKS", false));
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
          ctx.out().println("Current count: " + count + ", row: " + Bytes.toStringBinary(lastRow));
        }
      }
    }
    ctx.out().println(count + " row(s)");
    return count;
  }
}
