package io.strata.shell.commands.quotas;

import io.strata.client.quotas.SpaceQuotaSnapshot;
import io.strata.common.schema.ServerName;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;
import java.util.Map;
import java.util.TreeMap;

/**
 * list_quota_snapshots: the master's space quota verdicts, or those a region server enforces,
 * as HBase's.
 */
public final class ListQuotaSnapshotsCommand extends BaseCommand {
  private static final String ROW = "%-28s %-14s %-14s %-13s %s%n";

  public ListQuotaSnapshotsCommand() {
    super("list_quota_snapshots", CommandGroup.QUOTAS, """
        Lists the space quota verdicts: each table's usage and limit in bytes, whether it is
        over its limit, and the policy then in force. A table under its namespace's quota shows
        the namespace's usage and limit. TABLE and NAMESPACE keep one table's or namespace's;
        REGIONSERVER asks that server (host,port,startcode) what it enforces instead of the
        master.
          list_quota_snapshots
          list_quota_snapshots TABLE => 't1'
          list_quota_snapshots NAMESPACE => 'ns1'
          list_quota_snapshots REGIONSERVER => 'host1,16020,1700000000000'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 1);
    Options o = args.has(0) ? args.options(0, "TABLE", "NAMESPACE", "REGIONSERVER")
        : Options.empty(name());
    Map<TableName, SpaceQuotaSnapshot> all;
    if (o.has("REGIONSERVER")) {
      ServerName server;
      try {
        server = ServerName.parse(o.string("REGIONSERVER"));
      } catch (IllegalArgumentException e) {
        throw new CommandException("REGIONSERVER => '" + o.string("REGIONSERVER") + "' is not a"
            + " server name host,port,startcode (such as 'host1,16020,1700000000000')");
      }
      all = ctx.admin().getRegionServerSpaceQuotaSnapshots(server);
    } else {
      all = ctx.admin().getSpaceQuotaSnapshots();
    }
    TableName table = o.has("TABLE") ? TableName.valueOf(o.string("TABLE")) : null;
    String ns = o.string("NAMESPACE");
    Map<TableName, SpaceQuotaSnapshot> shown = new TreeMap<>();
    all.forEach((t, s) -> {
      if ((table == null || table.equals(t)) && (ns == null || ns.equals(t.getNamespace()))) {
        shown.put(t, s);
      }
    });
    ctx.out().printf(ROW, "TABLE", "USAGE", "LIMIT", "IN_VIOLATION", "POLICY");
    shown.forEach((t, s) -> ctx.out().printf(ROW, " " + t, s.getUsage(), s.getLimit(),
        s.getQuotaStatus().isInViolation(),
        s.getQuotaStatus().getPolicy().map(Enum::name).orElse("None")));
    ctx.out().println(shown.size() + " row(s)");
    return shown;
  }
}
