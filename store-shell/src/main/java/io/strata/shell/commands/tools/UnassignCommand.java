package io.strata.shell.commands.tools;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** unassign: closes a region; it stays closed until assigned. */
public final class UnassignCommand extends BaseCommand {
  public UnassignCommand() {
    super("unassign", CommandGroup.TOOLS, """
        Unassigns a region (full or encoded name): its server flushes and closes it, and it
        stays closed (its rows unavailable) until assign opens it again. HBase's second
        argument (force) is accepted: a close in Strata always goes through the master, which
        is what force asks for.
          unassign 'ENCODED_REGIONNAME'
          unassign 'REGIONNAME', true
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 2);
    if (args.has(1)) {
      args.bool(1, "force");
    }
    ctx.admin().unassign(args.string(0, "region name"));
    return null;
  }
}
