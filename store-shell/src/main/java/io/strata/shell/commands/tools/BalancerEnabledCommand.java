package io.strata.shell.commands.tools;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** balancer_enabled: whether the balancer is on. */
public final class BalancerEnabledCommand extends BaseCommand {
  public BalancerEnabledCommand() {
    super("balancer_enabled", CommandGroup.TOOLS, """
        Prints whether the balancer is on (true) or off (false).
          balancer_enabled
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 0);
    boolean on = ctx.admin().isBalancerEnabled();
    ctx.out().println(on);
    return on;
  }
}
