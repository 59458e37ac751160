package io.strata.shell.commands.tools;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** normalizer_enabled: whether the region normalizer is on. */
public final class NormalizerEnabledCommand extends BaseCommand {
  public NormalizerEnabledCommand() {
    super("normalizer_enabled", CommandGroup.TOOLS, """
        Prints whether the region normalizer is on (true) or off (false).
          normalizer_enabled
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 0);
    boolean on = ctx.admin().isNormalizerEnabled();
    ctx.out().println(on);
    return on;
  }
}
