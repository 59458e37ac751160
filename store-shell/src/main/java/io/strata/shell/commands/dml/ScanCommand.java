package io.strata.shell.commands.dml;

import io.strata.client.Result;
import io.strata.client.ResultScanner;
import io.strata.client.Table;
import io.strata.common.cell.Cell;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;
import io.strata.shell.output.CellFormat;
import io.strata.shell.output.TwoColumns;
import java.util.Arrays;

/** scan: rows of a table, one line per cell. */
public final class ScanCommand extends BaseCommand {
  static final String[] OPTIONS = {"COLUMNS", "STARTROW", "STOPROW", "ROWPREFIXFILTER", "LIMIT",
      "TIMESTAMP", "TIMERANGE", "VERSIONS", "RAW", "REVERSED", "FILTER", "CACHE", "CACHE_BLOCKS",
      "BATCH", "FORMATTER", "MAXLENGTH", "AUTHORIZATIONS"};

  public ScanCommand() {
    super("scan", CommandGroup.DML, true, """
        Scans a table, printing one line per cell; pass the table name and optionally a hash \
        of options:
          COLUMNS          a column ('f:q'), a family ('f') or an array of them; 'f:q:toLong'
                           prints that column's values with a converter (toLong, toInt, toShort,
                           toDouble, toFloat, toBoolean, toString, toStringBinary, toHex)
          STARTROW         first row (inclusive); STOPROW: row to stop before (exclusive)
          ROWPREFIXFILTER  only rows starting with this prefix
          LIMIT            at most this many rows
          TIMESTAMP        only cells with exactly this timestamp
          TIMERANGE        [min, max): only cells with min <= timestamp < max
          VERSIONS         versions of each column (default 1)
          RAW              true: also delete markers and the cells they hide (not yet compacted)
          REVERSED         true: rows in descending order (STARTROW is then the highest row)
          FILTER           a filter string, such as "PrefixFilter('r') AND ValueFilter(=, \
        'binary:v')"
                           (show_filters lists the filters)
          CACHE            rows fetched per call to the server; BATCH: cells per result
          CACHE_BLOCKS     false keeps the blocks this scan reads out of the block cache
          FORMATTER        how values print: toStringBinary (default) or any converter above
          MAXLENGTH        cut each printed cell to this many characters
          AUTHORIZATIONS   visibility labels to read with, as ['secret', 'private']

        Examples:
          scan 'strata:meta'
          scan 't1', {COLUMNS => ['f1', 'f2:q'], LIMIT => 10, STARTROW => 'r1'}
          scan 't1', {COLUMNS => 'f1:counter:toLong'}
          scan 't1', {ROWPREFIXFILTER => 'user1', REVERSED => true}
          scan 't1', {TIMERANGE => [1303668804000, 1303668904000], VERSIONS => 3}
          scan 't1', {RAW => true, VERSIONS => 10}
          scan 't1', {FILTER => "(PrefixFilter('r') AND QualifierFilter(>=, 'binary:b')) OR \
        KeyOnlyFilter()"}
          scan 't1', STARTROW => "row\\x00\\x01", CACHE => 1000, CACHE_BLOCKS => false
          scan 't1', {AUTHORIZATIONS => ['secret', 'private']}

        On a table reference t: t.scan, t.scan COLUMNS => 'f1'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 2);
    Options o = args.options(1, OPTIONS);
    ReadSpec spec = new ReadSpec();
    spec.addColumns(o.raw("COLUMNS"), "COLUMNS");
    spec.readOptions(o);
    Table table = ctx.table(args.table(0));
    try (ResultScanner scanner = table.getScanner(ScanBuilder.build(o, spec))) {
      TwoColumns out = new TwoColumns(ctx.out(), "ROW", "COLUMN+CELL");
      byte[] lastRow = null;
      for (Result r : scanner) {
        // With BATCH one row may come as several results; it still counts once.
        boolean newRow = !Arrays.equals(lastRow, r.getRow());
        lastRow = r.getRow();
        for (Cell c : r.rawCells()) {
          out.line(CellFormat.row(c), spec.cut(spec.format.scanCell(c)), newRow);
          newRow = false;
        }
      }
      out.footer();
    }
    return null;
  }
}
