package io.strata.shell.commands.tools;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** balance_switch: turns the balancer on or off. */
public final class BalanceSwitchCommand extends BaseCommand {
  public BalanceSwitchCommand() {
    super("balance_switch", CommandGroup.TOOLS, """
        Turns the balancer on (true) or off (false) and prints its previous state. The setting
        is kept in ZooKeeper, so it outlives a master restart.
          balance_switch true
          balance_switch false
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    boolean previous = ctx.admin().balancerSwitch(args.bool(0, "on or off"));
    ctx.out().println("Previous balancer state : " + previous);
    return previous;
  }
}
