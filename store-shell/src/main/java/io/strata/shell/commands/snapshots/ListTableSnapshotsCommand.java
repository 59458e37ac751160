package io.strata.shell.commands.snapshots;

import io.strata.client.SnapshotDescription;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.commands.ddl.ListCommand;
import java.util.List;
import java.util.regex.Pattern;

/** list_table_snapshots: the snapshots of the tables that match, as HBase's. */
public final class ListTableSnapshotsCommand extends BaseCommand {
  public ListTableSnapshotsCommand() {
    super("list_table_snapshots", CommandGroup.SNAPSHOTS, """
        Lists the snapshots of the tables whose names match a regular expression, and whose
        own names match a second one if given.
          list_table_snapshots 'tableName'
          list_table_snapshots 'tableName.*', 'snapshotName.*'
          list_table_snapshots 'ns:tableName.*'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 2);
    Pattern tables = ListCommand.pattern(args.string(0, "table regular expression"));
    Pattern names = args.has(1) ? ListCommand.pattern(args.string(1, "snapshot regular "
        + "expression")) : Pattern.compile(".*");
    List<SnapshotDescription> all = ctx.admin().listTableSnapshots(tables, names);
    List<Object> out = SnapshotList.print(ctx.out(), all);
    ctx.out().println(all.size() + " row(s)");
    return out;
  }
}
