package io.strata.shell.commands.tools;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import java.util.Collections;
import java.util.List;

/** clear_slowlog_responses: empties the region servers' slow logs, as HBase 2.4's shell. */
public final class ClearSlowLogResponsesCommand extends BaseCommand {
  public ClearSlowLogResponsesCommand() {
    super("clear_slowlog_responses", CommandGroup.TOOLS, """
        Empties the slow logs (slow and large calls) of every live region server, or of the
        servers listed, and says how many did.
          clear_slowlog_responses
          clear_slowlog_responses ['host1,17020,1700000000000']
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 1);
    List<Boolean> done = ctx.admin().clearSlowLogResponses(SlowLogServers.of(ctx, args, 0));
    ctx.out().println("Cleared Slowlog responses from " + Collections.frequency(done, true)
        + "/" + done.size() + " RegionServers");
    return null;
  }
}
