package io.strata.shell.commands.tools;

import io.strata.common.schema.ServerName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** wal_roll: a region server starts a new WAL file now, as HBase's. */
public final class WalRollCommand extends BaseCommand {
  public WalRollCommand() {
    super("wal_roll", CommandGroup.TOOLS, """
        Makes a region server (host,port,startcode as status shows it) start a new WAL file
        now; the old one is archived once its edits are flushed.
          wal_roll 'host1,17020,1700000000000'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    String text = args.string(0, "server name");
    ServerName server;
    try {
      server = ServerName.parse(text);
    } catch (IllegalArgumentException e) {
      throw new CommandException("'" + text + "' is not a server name host,port,startcode"
          + " (such as 'host1,17020,1700000000000')");
    }
    ctx.admin().rollWALWriter(server);
    return null;
  }
}
