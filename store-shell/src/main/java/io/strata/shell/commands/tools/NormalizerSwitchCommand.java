package io.strata.shell.commands.tools;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** normalizer_switch: turns the region normalizer on or off. */
public final class NormalizerSwitchCommand extends BaseCommand {
  public NormalizerSwitchCommand() {
    super("normalizer_switch", CommandGroup.TOOLS, """
        Turns the region normalizer on (true) or off (false) and prints its previous state.
        The setting is kept in ZooKeeper, so it outlives a master restart.
          normalizer_switch true
          normalizer_switch false
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    boolean previous = ctx.admin().normalizerSwitch(args.bool(0, "on or off"));
    ctx.out().println("Previous normalizer state : " + previous);
    return previous;
  }
}
