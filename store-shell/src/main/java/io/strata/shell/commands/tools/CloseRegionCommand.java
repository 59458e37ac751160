package io.strata.shell.commands.tools;

import io.strata.common.schema.ServerName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** close_region: HBase's older name for unassign, with an optional server check. */
public final class CloseRegionCommand extends BaseCommand {
  public CloseRegionCommand() {
    super("close_region", CommandGroup.TOOLS, """
        Closes a region (full or encoded name), as unassign does: it stays closed until assign
        opens it. A server name, if given, must be the server hosting it (a safety check from
        HBase's form of the command).
          close_region 'ENCODED_REGIONNAME'
          close_region 'REGIONNAME', 'host1,17020,1700000000000'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 2);
    String region = args.string(0, "region name");
    if (args.has(1) && args.get(1) != null) {
      String server = args.string(1, "server name");
      String hosting = hostOf(ctx, region);
      if (!server.equals(hosting)) {
        throw new CommandException("region " + region + " is on " + (hosting == null
            ? "no server" : hosting) + ", not " + server + "; nothing was closed");
      }
    }
    ctx.admin().unassign(region);
    return null;
  }

  private static String hostOf(ShellContext ctx, String region) throws Exception {
    ServerName server = ctx.admin().getRegionLocation(region).server();
    return server == null ? null : server.toString();
  }
}
