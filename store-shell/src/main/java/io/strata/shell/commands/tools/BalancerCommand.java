package io.strata.shell.commands.tools;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** balancer: runs the region balancer now. */
public final class BalancerCommand extends BaseCommand {
  public BalancerCommand() {
    super("balancer", CommandGroup.TOOLS, """
        Runs the balancer now: it moves regions to even out regions per server, each table's
        spread, read and write load and, on HDFS, data locality, at most a share of the regions
        a run (strata.master.balancer.max.moves.fraction). Prints true if it moved any (false
        when balanced already, or when balance_switch turned it off).
          balancer
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 0);
    boolean ran = ctx.admin().balance();
    ctx.out().println(ran);
    return ran;
  }
}
