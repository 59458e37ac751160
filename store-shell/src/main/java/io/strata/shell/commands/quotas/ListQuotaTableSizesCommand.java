package io.strata.shell.commands.quotas;

import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import java.util.Map;

/** list_quota_table_sizes: every user table's size as space quotas count it, as HBase's. */
public final class ListQuotaTableSizesCommand extends BaseCommand {
  public ListQuotaTableSizesCommand() {
    super("list_quota_table_sizes", CommandGroup.QUOTAS, """
        Lists every user table's size in bytes as space quotas count it (its block files on
        disk; edits still in memory count once flushed), from the region servers' latest
        reports to the master.
          list_quota_table_sizes
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 0);
    Map<TableName, Long> sizes = ctx.admin().getSpaceQuotaTableSizes();
    ctx.out().printf("%-28s %s%n", "TABLE", "SIZE");
    sizes.forEach((t, b) -> ctx.out().printf("%-28s %d%n", " " + t, b));
    ctx.out().println(sizes.size() + " row(s)");
    return sizes;
  }
}
