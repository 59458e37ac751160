package io.strata.shell.commands.snapshots;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** delete_snapshot: deletes one snapshot, as HBase's. */
public final class DeleteSnapshotCommand extends BaseCommand {
  public DeleteSnapshotCommand() {
    super("delete_snapshot", CommandGroup.SNAPSHOTS, """
        Deletes a snapshot. Its block files go once no other snapshot, and no table cloned
        from it, reads them (after the archive's TTL, strata.master.hfilecleaner.ttl).
          delete_snapshot 'snapshotName'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    ctx.admin().deleteSnapshot(args.string(0, "snapshot name"));
    return null;
  }
}
