package io.strata.shell.commands.ddl;

import io.strata.client.ClusterStatus;
import io.strata.client.RegionLocation;
import io.strata.client.RegionLocator;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;
import io.strata.shell.command.Values;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** list_regions: a table's regions with their server, bounds, size and requests. */
public final class ListRegionsCommand extends BaseCommand {
  private static final List<String> COLUMNS = List.of("SERVER_NAME", "REGION_NAME",
      "START_KEY", "END_KEY", "SIZE", "REQ");

  public ListRegionsCommand() {
    super("list_regions", CommandGroup.DDL, """
        Lists a table's regions: the server hosting each, its name, start and end keys, SIZE
        (MB in block files, from the servers' last load reports) and REQ (reads and writes
        served since it opened). A server name (or part of it) keeps only that server's
        regions; a third argument picks the columns to show.
          list_regions 't1'
          list_regions 't1', 'host1,17020'
          list_regions 't1', {SERVER_NAME => 'host1'}
          list_regions 't1', {}, ['SERVER_NAME', 'start_key', 'SIZE']
        (Strata has no HDFS block locality figure yet, so HBase's LOCALITY column and
        LOCALITY_THRESHOLD are not offered.)
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 3);
    TableName table = args.table(0);
    String server = null;
    if (args.isHash(1)) {
      server = args.options(1, "SERVER_NAME").string("SERVER_NAME");
    } else if (args.has(1) && args.get(1) != null) {
      server = args.string(1, "server name");
    }
    List<String> columns = COLUMNS;
    if (args.has(2)) {
      columns = new ArrayList<>();
      Object v = args.get(2);
      for (Object c : v instanceof List<?> l ? l : List.of(v)) {
        String name = Values.toText(c, "column").toUpperCase(Locale.ROOT);
        if (!COLUMNS.contains(name)) {
          throw new CommandException("list_regions has no column " + name + "; it has "
              + String.join(", ", COLUMNS));
        }
        columns.add(name);
      }
    }
    Map<String, ClusterStatus.RegionLoad> loads = new HashMap<>();
    for (ClusterStatus.ServerLoad sl : ctx.admin().getClusterStatus().liveServers()) {
      for (ClusterStatus.RegionLoad rl : sl.regionLoads()) {
        loads.put(rl.region().getEncodedName(), rl);
      }
    }
    List<String[]> rows = new ArrayList<>();
    try (RegionLocator locator = ctx.connection().getRegionLocator(table)) {
      for (RegionLocation loc : locator.getAllRegionLocations()) {
        String sn = loc.server() == null ? "" : loc.server().toString();
        if (server != null && !sn.contains(server)) {
          continue;
        }
        ClusterStatus.RegionLoad load = loads.get(loc.region().getEncodedName());
        Map<String, String> cells = new HashMap<>();
        cells.put("SERVER_NAME", sn);
        cells.put("REGION_NAME", loc.region().getRegionNameAsString());
        cells.put("START_KEY", Bytes.toStringBinary(loc.region().getStartKey()));
        cells.put("END_KEY", Bytes.toStringBinary(loc.region().getEndKey()));
        cells.put("SIZE", load == null ? "" : String.valueOf(load.storeFileBytes() >> 20));
        cells.put("REQ", load == null ? ""
            : String.valueOf(load.readRequests() + load.writeRequests()));
        String[] row = new String[columns.size()];
        for (int i = 0; i < row.length; i++) {
          row[i] = cells.get(columns.get(i));
        }
        rows.add(row);
      }
    }
    print(ctx, columns, rows);
    return null;
  }

  /** HBase's layout: right-aligned columns, each followed by " |", and a dashed rule. */
  private static void print(ShellContext ctx, List<String> columns, List<String[]> rows) {
    int[] width = new int[columns.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = columns.get(i).length();
      for (String[] r : rows) {
        width[i] = Math.max(width[i], r[i].length());
      }
    }
    StringBuilder header = new StringBuilder();
    StringBuilder rule = new StringBuilder();
    for (int i = 0; i < width.length; i++) {
      header.append(' ').append(String.format("%" + width[i] + "s", columns.get(i))).append(" |");
      rule.append(' ').append("-".repeat(width[i])).append(" |");
    }
    ctx.out().println(header);
    ctx.out().println(rule);
    for (String[] r : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < width.length; i++) {
        line.append(' ').append(String.format("%" + width[i] + "s", r[i])).append(" |");
      }
      ctx.out().println(line);
    }
    ctx.out().println(" " + rows.size() + " rows");
  }
}
