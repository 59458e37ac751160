package io.strata.shell.commands.dml;

import io.strata.client.Get;
import io.strata.client.Result;
import io.strata.common.cell.Cell;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;
import io.strata.shell.output.CellFormat;
import io.strata.shell.output.TwoColumns;

/** get: one row's cells, one line per cell. */
public final class GetCommand extends BaseCommand {
  public GetCommand() {
    super("get", CommandGroup.DML, true, """
        Gets a row's cells; pass the table name, the row, and optionally columns or a hash of \
        options:
          COLUMN or COLUMNS  a column ('f:q'), a family ('f') or an array of them; 'f:q:toLong'
                             prints that column's values with a converter (toLong, toInt,
                             toShort, toDouble, toFloat, toBoolean, toString, toStringBinary,
                             toHex)
          TIMESTAMP          only the cells with exactly this timestamp
          TIMERANGE          [min, max): only cells with min <= timestamp < max
          VERSIONS           versions of each column (default 1)
          FILTER             a filter string (show_filters lists the filters)
          FORMATTER          how values print: toStringBinary (default) or a converter above
          MAXLENGTH          cut each printed cell to this many characters
          AUTHORIZATIONS     visibility labels to read with, as ['secret', 'private']

        Examples:
          get 't1', 'r1'
          get 't1', 'r1', {TIMERANGE => [ts1, ts2]}
          get 't1', 'r1', {COLUMN => 'c1'}
          get 't1', 'r1', {COLUMN => ['c1', 'c2', 'c3']}
          get 't1', 'r1', {COLUMN => 'c1', TIMESTAMP => ts1}
          get 't1', 'r1', {COLUMN => 'c1', TIMERANGE => [ts1, ts2], VERSIONS => 4}
          get 't1', 'r1', {FILTER => "ValueFilter(=, 'binary:abc')"}
          get 't1', 'r1', 'c1'
          get 't1', 'r1', 'c1', 'c2'
          get 't1', 'r1', ['c1', 'c2']
          get 't1', 'r1', {COLUMN => ['f:counter:toLong', 'f:name:toString']}
          get 't1', "row\\x00\\x01", FORMATTER => 'toString'
          get 't1', 'r1', {AUTHORIZATIONS => ['secret']}

        On a table reference t: t.get 'r1', t.get 'r1', 'c1'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, Integer.MAX_VALUE);
    byte[] row = args.row(1);
    ReadSpec spec = new ReadSpec();
    Options o = Options.empty(name());
    for (int i = 2; i < args.size(); i++) {
      if (args.isHash(i)) {
        if (i != args.size() - 1) {
          throw new io.strata.shell.command.CommandException("the options hash comes last");
        }
        o = args.options(i, "COLUMN", "COLUMNS", "TIMESTAMP", "TIMERANGE", "VERSIONS", "FILTER",
            "FORMATTER", "MAXLENGTH", "AUTHORIZATIONS");
        if (o.has("COLUMN") && o.has("COLUMNS")) {
          throw new io.strata.shell.command.CommandException("give COLUMN or COLUMNS, not both");
        }
        spec.addColumns(o.has("COLUMN") ? o.raw("COLUMN") : o.raw("COLUMNS"), "COLUMN");
      } else {
        spec.addColumns(args.get(i), args.argName(i, "column"));
      }
    }
    spec.readOptions(o);
    Get get = new Get(row);
    spec.apply(get::addFamily, get::addColumn, spec.filter, get::setFilter, get::setTimestamp,
        get::setTimeRange, get::readVersions);
    get.setAuthorizations(spec.authorizations);
    Result r = ctx.table(args.table(0)).get(get);
    TwoColumns out = new TwoColumns(ctx.out(), "COLUMN", "CELL");
    for (Cell c : r.rawCells()) {
      out.line(CellFormat.column(c), spec.cut(spec.format.getCell(c)), true);
    }
    out.footer();
    return null;
  }
}
