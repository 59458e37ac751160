package io.strata.shell.commands.snapshots;

import io.strata.client.SnapshotType;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;

/** snapshot: takes a snapshot of a table, as HBase's. */
public final class SnapshotCommand extends BaseCommand {
  public SnapshotCommand() {
    super("snapshot", CommandGroup.SNAPSHOTS, """
        Takes a snapshot of a table: its regions are flushed, and their block files named in
        a manifest, not copied. SKIP_FLUSH => true takes only what is on disk (writes still in
        memory are not in the snapshot). Each region is consistent; writes made across regions
        while the snapshot is taken may be in it for some and not for others.
          snapshot 'sourceTable', 'snapshotName'
          snapshot 'namespace:sourceTable', 'snapshotName', {SKIP_FLUSH => true}
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, 3);
    Options o = args.has(2) ? args.options(2, "SKIP_FLUSH") : Options.empty(name());
    ctx.admin().snapshot(args.string(1, "snapshot name"), args.table(0),
        o.bool("SKIP_FLUSH", false) ? SnapshotType.SKIPFLUSH : SnapshotType.FLUSH);
    return null;
  }
}
