package io.strata.shell.commands.tools;

import io.strata.common.schema.ServerName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** move: moves a region to another server. */
public final class MoveCommand extends BaseCommand {
  public MoveCommand() {
    super("move", CommandGroup.TOOLS, """
        Moves a region (its encoded name: the hex part at the end of its full name) to the
        given server (host,port,startcode as status 'simple' shows it), or to any other server
        when none is given.
          move 'ENCODED_REGIONNAME'
          move 'ENCODED_REGIONNAME', 'host1,17020,1700000000000'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 2);
    String region = args.string(0, "encoded region name");
    ServerName dest = null;
    if (args.has(1) && args.get(1) != null) {
      String s = args.string(1, "server name");
      try {
        dest = ServerName.parse(s);
      } catch (IllegalArgumentException e) {
        throw new CommandException("'" + s + "' is not a server name; write host,port,startcode"
            + " as status 'simple' shows it (" + e.getMessage() + ")");
      }
    }
    ctx.admin().move(region, dest);
    return null;
  }
}
