package io.strata.shell.commands.tools;

import io.strata.client.ClusterStatus;
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
        when none is given. A region already on the given server, or on the only live one,
        stays where it is, and the shell says so.
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
    ClusterStatus status = ctx.admin().getClusterStatus();
    ServerName at = serverOf(status, region);
    if (at != null && (dest != null ? dest.equals(at) : status.liveServers().size() == 1)) {
      // The master leaves such a region where it is, as HBase's does; the shell says so.
      ctx.out().println("Region " + region + " is already on " + at + (dest != null ? ""
          : ", the only live region server") + "; not moved");
      return null;
    }
    ctx.admin().move(region, dest);
    return null;
  }

  /** The server the master has the region open on, or null (unknown name, or not open). */
  private static ServerName serverOf(ClusterStatus status, String encoded) {
    for (ClusterStatus.ServerLoad s : status.liveServers()) {
      for (ClusterStatus.RegionLoad r : s.regionLoads()) {
        if (r.region().getEncodedName().equals(encoded)) {
          return s.server();
        }
      }
    }
    return null;
  }
}
