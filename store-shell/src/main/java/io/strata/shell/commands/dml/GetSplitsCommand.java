package io.strata.shell.commands.dml;

import io.strata.common.schema.RegionInfo;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.lang.ShellString;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;

/** get_splits: a table's split keys (every region's start key but the first). */
public final class GetSplitsCommand extends BaseCommand {
  public GetSplitsCommand() {
    super("get_splits", CommandGroup.DML, true, """
        Prints a table's split keys: the start key of every region but the first. The count
        printed is the number of regions, as HBase prints it.
          get_splits 't1'
          get_splits 'ns1:t1'

        On a table reference t: t.get_splits
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    List<Object> splits = new ArrayList<>();
    List<String> printed = new ArrayList<>();
    for (RegionInfo r : ctx.admin().getRegions(args.table(0))) {
      if (r.getStartKey().length > 0) {
        splits.add(new ShellString(r.getStartKey()));
        printed.add(Bytes.toStringBinary(r.getStartKey()));
      }
    }
    ctx.out().println("Total number of splits = " + (splits.size() + 1));
    printed.forEach(ctx.out()::println);
    return splits;
  }
}
