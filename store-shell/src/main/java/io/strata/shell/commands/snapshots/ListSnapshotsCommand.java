package io.strata.shell.commands.snapshots;

import io.strata.client.SnapshotDescription;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.commands.ddl.ListCommand;
import java.util.List;

/** list_snapshots: the snapshots, optionally those whose names match, as HBase's. */
public final class ListSnapshotsCommand extends BaseCommand {
  public ListSnapshotsCommand() {
    super("list_snapshots", CommandGroup.SNAPSHOTS, """
        Lists the snapshots, or those whose names match a regular expression: each one's
        table and when it was taken. A snapshot whose block files are gone says MISSING and
        names them; it cannot be cloned or restored.
          list_snapshots
          list_snapshots 'abc.*'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 1);
    List<SnapshotDescription> all = args.has(0)
        ? ctx.admin().listSnapshots(ListCommand.pattern(args.string(0, "regular expression")))
        : ctx.admin().listSnapshots();
    List<Object> names = SnapshotList.print(ctx.out(), all);
    ctx.out().println(all.size() + " row(s)");
    return names;
  }
}
