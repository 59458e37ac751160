package io.strata.shell.commands.tools;

import io.strata.client.LogQueryFilter;
import io.strata.client.OnlineLogRecord;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;
import java.io.PrintStream;
import java.util.List;

/**
 * get_slowlog_responses and get_largelog_responses: the calls the region servers kept in their
 * slow logs, as HBase 2.4's shell shows them.
 */
public final class GetSlowLogResponsesCommand extends BaseCommand {
  private final LogQueryFilter.Type type;

  private GetSlowLogResponsesCommand(String name, LogQueryFilter.Type type, String help) {
    super(name, CommandGroup.TOOLS, help);
    this.type = type;
  }

  public static GetSlowLogResponsesCommand slow() {
    return new GetSlowLogResponsesCommand("get_slowlog_responses", LogQueryFilter.Type.SLOW_LOG,
        """
        Shows the calls the region servers answered slower than
        strata.regionserver.slowlog.threshold (100 ms), newest first, as JSON: when, how long
        they queued and were processed (ms), sizes, client, user, method, region, table and
        parameter. '*' asks every live server; a list names servers. Filters: REGION_NAME
        (encoded), TABLE_NAME, CLIENT_IP (host or host:port), USER, combined by FILTER_BY_OP
        'OR' (the default) or 'AND'; LIMIT (default 10).
          get_slowlog_responses '*'
          get_slowlog_responses '*', {'LIMIT' => 50}
          get_slowlog_responses ['host1,17020,1700000000000'], {'TABLE_NAME' => 't1'}
          get_slowlog_responses '*', {'TABLE_NAME' => 't1', 'USER' => 'alice', 'FILTER_BY_OP' => 'AND'}
        """);
  }

  public static GetSlowLogResponsesCommand large() {
    return new GetSlowLogResponsesCommand("get_largelog_responses",
        LogQueryFilter.Type.LARGE_LOG, """
        Shows the calls whose request or answer was larger than
        strata.regionserver.slowlog.size.threshold (10 MB), newest first, with the filters of
        get_slowlog_responses.
          get_largelog_responses '*'
          get_largelog_responses '*', {'TABLE_NAME' => 't1', 'LIMIT' => 5}
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 2);
    LogQueryFilter filter = new LogQueryFilter();
    filter.setType(type);
    Options o = args.options(1, "REGION_NAME", "TABLE_NAME", "CLIENT_IP", "USER", "LIMIT",
        "FILTER_BY_OP");
    if (o.has("REGION_NAME")) {
      filter.setRegionName(o.string("REGION_NAME"));
    }
    if (o.has("TABLE_NAME")) {
      filter.setTableName(o.string("TABLE_NAME"));
    }
    if (o.has("CLIENT_IP")) {
      filter.setClientAddress(o.string("CLIENT_IP"));
    }
    if (o.has("USER")) {
      filter.setUserName(o.string("USER"));
    }
    int limit = o.intValue("LIMIT", 10);
    if (limit < 1) {
      throw new CommandException("LIMIT must be a positive number of calls, got " + limit);
    }
    filter.setLimit(limit);
    String op = o.string("FILTER_BY_OP", "OR");
    if (!op.equals("OR") && !op.equals("AND")) {
      throw new CommandException("FILTER_BY_OP takes 'OR' or 'AND', got '" + op + "'");
    }
    filter.setFilterByOperator(LogQueryFilter.FilterByOperator.valueOf(op));
    List<OnlineLogRecord> records = ctx.admin().getSlowLogResponses(
        SlowLogServers.of(ctx, args, 0), filter);
    PrintStream out = ctx.out();
    out.println("Retrieved " + (type == LogQueryFilter.Type.SLOW_LOG ? "SlowLog" : "LargeLog")
        + " Responses from RegionServers");
    out.print("[");
    for (int i = 0; i < records.size(); i++) {
      out.print(i == 0 ? "\n" : ",\n");
      out.print(records.get(i).toJsonPrettyPrint());
    }
    out.println(records.isEmpty() ? "]" : "\n]");
    return null;
  }
}
