package io.strata.shell.commands.tools;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** normalize: runs the region normalizer now. */
public final class NormalizeCommand extends BaseCommand {
  public NormalizeCommand() {
    super("normalize", CommandGroup.TOOLS, """
        Runs the region normalizer now over the tables with NORMALIZATION_ENABLED => true: a
        region over twice its table's mean size splits, and runs of adjacent regions that
        together stay within it merge. The splits and merges go on after this returns. Prints
        true if it ran (false when normalizer_switch turned it off).
          normalize
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 0);
    boolean ran = ctx.admin().normalize();
    ctx.out().println(ran);
    return ran;
  }
}
