package io.strata.shell.commands.tools;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.command.Values;
import java.util.ArrayList;
import java.util.List;

/** merge_region: merges two or more adjacent regions of a table into one. */
public final class MergeRegionCommand extends BaseCommand {
  public MergeRegionCommand() {
    super("merge_region", CommandGroup.TOOLS, false, """
        Merges two or more adjacent regions of a table (encoded or full names) into one, and
        returns once the merged region is open. The regions must follow one another, be open,
        and no longer read a parent's files (major_compact a fresh daughter first). HBase's
        trailing FORCE flag is taken, but regions must be adjacent all the same: a merge of
        regions apart would take in the keys of the regions between them.
          merge_region 'ENCODED_REGIONNAME', 'ENCODED_REGIONNAME'
          merge_region ['ENCODED_REGIONNAME', 'ENCODED_REGIONNAME', 'ENCODED_REGIONNAME']
          merge_region 'ENCODED_REGIONNAME', 'ENCODED_REGIONNAME', true
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    List<String> regions = new ArrayList<>();
    int last = args.size();
    if (last > 0 && args.get(last - 1) instanceof Boolean) {
      last--; // FORCE: accepted, see the help
    }
    if (last == 1 && args.get(0) instanceof List<?> list) {
      for (Object o : list) {
        regions.add(Values.toName(o, "each region of the list"));
      }
    } else {
      for (int i = 0; i < last; i++) {
        regions.add(args.name(i, "region name"));
      }
    }
    if (regions.size() < 2) {
      throw new CommandException("merge_region needs two or more regions, got "
          + regions.size() + "; e.g. merge_region 'ENCODED_A', 'ENCODED_B'");
    }
    ctx.admin().mergeRegions(regions);
    return null;
  }
}
