package io.strata.shell.commands.snapshots;

import io.strata.client.Admin;
import io.strata.client.SnapshotDescription;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ErrorMessages;
import io.strata.shell.command.ShellContext;
import io.strata.shell.commands.ddl.ListCommand;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * delete_all_snapshot and delete_table_snapshots: delete the snapshots that match, after the
 * user confirmed the list, as HBase's.
 */
public final class DeleteAllSnapshotCommand extends BaseCommand {
  private final boolean byTable;

  private DeleteAllSnapshotCommand(String name, boolean byTable, String help) {
    super(name, CommandGroup.SNAPSHOTS, help);
    this.byTable = byTable;
  }

  public static DeleteAllSnapshotCommand byName() {
    return new DeleteAllSnapshotCommand("delete_all_snapshot", false, """
        Deletes every snapshot whose name matches a regular expression, once you confirm the
        list.
          delete_all_snapshot 's.*'
        """);
  }

  public static DeleteAllSnapshotCommand byTable() {
    return new DeleteAllSnapshotCommand("delete_table_snapshots", true, """
        Deletes the snapshots of the tables whose names match a regular expression (and whose
        own names match a second one, if given), once you confirm the list.
          delete_table_snapshots 'tableName'
          delete_table_snapshots 'tableName.*', 'snapshotName.*'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, byTable ? 2 : 1);
    Admin admin = ctx.admin();
    List<SnapshotDescription> found;
    if (byTable) {
      found = admin.listTableSnapshots(ListCommand.pattern(args.string(0, "table regular "
          + "expression")), args.has(1) ? ListCommand.pattern(args.string(1, "snapshot regular "
          + "expression")) : Pattern.compile(".*"));
    } else {
      found = admin.listSnapshots(ListCommand.pattern(args.string(0, "regular expression")));
    }
    PrintStream out = ctx.out();
    SnapshotList.print(out, found);
    if (found.isEmpty()) {
      out.println("No snapshots matched");
      return 0L;
    }
    if (!ctx.confirm("Delete the above " + found.size() + " snapshots (y/n)?")) {
      out.println("No snapshots deleted");
      return 0L;
    }
    List<String> failed = new ArrayList<>();
    for (SnapshotDescription s : found) {
      try {
        admin.deleteSnapshot(s.getName());
      } catch (Exception e) {
        failed.add(s.getName() + ": " + ErrorMessages.describe(e));
      }
    }
    long deleted = found.size() - failed.size();
    out.println(deleted + " snapshots successfully deleted.");
    if (!failed.isEmpty()) {
      out.println("Failed to delete the following snapshots:");
      failed.forEach(f -> out.println("  " + f));
      throw new CommandException(failed.size() + " of " + found.size()
          + " snapshots could not be deleted");
    }
    return deleted;
  }
}
