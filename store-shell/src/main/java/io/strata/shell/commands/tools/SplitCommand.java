package io.strata.shell.commands.tools;

import io.strata.client.Admin;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** split: splits a table's regions, or one region, at their middle or at a key. */
public final class SplitCommand extends BaseCommand {
  public SplitCommand() {
    super("split", CommandGroup.TOOLS, true, """
        Splits every region of a table at its middle row, or the region holding a split key at
        that key; or one region (full or encoded name) at its middle or at a key.
          split 't1'
          split 't1', 'splitKey'
          split 'ENCODED_REGIONNAME'
          split 'REGIONNAME', 'splitKey'

        On a table reference t: t.split, t.split 'splitKey'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 2);
    Admin admin = ctx.admin();
    byte[] key = args.has(1) ? args.bytes(1, "split key") : null;
    TableName table = Targets.table(admin, args, 0);
    if (table != null) {
      if (key == null) {
        admin.split(table);
      } else {
        admin.split(table, key);
      }
    } else {
      admin.splitRegion(args.string(0, "table or region name"), key);
    }
    return null;
  }
}
