package io.strata.shell.commands.snapshots;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.Options;
import io.strata.shell.command.ShellContext;

/** restore_snapshot: brings a disabled table back to a snapshot, as HBase's. */
public final class RestoreSnapshotCommand extends BaseCommand {
  public RestoreSnapshotCommand() {
    super("restore_snapshot", CommandGroup.SNAPSHOTS, """
        Brings a table back to a snapshot of it: its regions, data and schema. The table must
        be disabled; enable it afterwards. A failsafe snapshot of the table as it was,
        failsafe-NAME-MILLIS, is taken first unless FAILSAFE => false.
          restore_snapshot 'snapshotName'
          restore_snapshot 'snapshotName', {FAILSAFE => false}
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 2);
    Options o = args.has(1) ? args.options(1, "FAILSAFE") : Options.empty(name());
    ctx.admin().restoreSnapshot(args.string(0, "snapshot name"), o.bool("FAILSAFE", true));
    return null;
  }
}
