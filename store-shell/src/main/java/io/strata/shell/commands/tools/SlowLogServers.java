package io.strata.shell.commands.tools;

import io.strata.client.ClusterStatus;
import io.strata.common.schema.ServerName;
import io.strata.shell.command.Args;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.ShellContext;
import io.strata.shell.command.Values;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The region servers a slow log command names: '*' (or nothing) for every live one, or a list. */
final class SlowLogServers {
  private SlowLogServers() {}

  static Set<ServerName> of(ShellContext ctx, Args args, int i) throws IOException {
    Set<ServerName> servers = new LinkedHashSet<>();
    if (!args.has(i) || args.isString(i) && args.string(i, "servers").equals("*")) {
      for (ClusterStatus.ServerLoad l : ctx.admin().getClusterStatus().liveServers()) {
        servers.add(l.server());
      }
      return servers;
    }
    Object v = args.get(i);
    List<?> names = v instanceof List<?> l ? l : args.isString(i) ? List.of(v) : null;
    if (names == null) {
      throw new CommandException(args.argName(i, "servers") + " must be '*' or a list of "
          + "server names such as ['host1,17020,1700000000000']");
    }
    for (Object item : names) {
      String n = new String(Values.toBytes(item, "a server name"),
          java.nio.charset.StandardCharsets.UTF_8);
      try {
        servers.add(ServerName.parse(n));
      } catch (IllegalArgumentException e) {
        throw new CommandException("'" + n + "' is not a server name host,port,startcode (such"
            + " as 'host1,17020,1700000000000'; status 'simple' lists them)");
      }
    }
    return servers;
  }
}
