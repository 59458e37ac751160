package io.strata.shell.commands.snapshots;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** clone_snapshot: makes a new table from a snapshot, as HBase's. */
public final class CloneSnapshotCommand extends BaseCommand {
  public CloneSnapshotCommand() {
    super("clone_snapshot", CommandGroup.SNAPSHOTS, """
        Makes a new table from a snapshot, with its schema and data. No data is copied: the new
        table reads the snapshot's block files until its compactions rewrite them.
          clone_snapshot 'snapshotName', 'tableName'
          clone_snapshot 'snapshotName', 'namespace:tableName'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, 2);
    ctx.admin().cloneSnapshot(args.string(0, "snapshot name"), args.table(1));
    return null;
  }
}
