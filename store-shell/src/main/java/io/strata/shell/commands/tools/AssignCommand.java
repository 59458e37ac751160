package io.strata.shell.commands.tools;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** assign: opens a closed region on a server the master picks. */
public final class AssignCommand extends BaseCommand {
  public AssignCommand() {
    super("assign", CommandGroup.TOOLS, """
        Assigns a region (full or encoded name): the master opens it on a server it picks.
        Use it for a region unassign closed.
          assign 'ENCODED_REGIONNAME'
          assign 'REGIONNAME'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    ctx.admin().assign(args.string(0, "region name"));
    return null;
  }
}
