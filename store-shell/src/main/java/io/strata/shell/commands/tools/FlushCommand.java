package io.strata.shell.commands.tools;

import io.strata.client.Admin;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import java.util.List;

/** flush: writes memstores to block files, for a table, a region or a server. */
public final class FlushCommand extends BaseCommand {
  public FlushCommand() {
    super("flush", CommandGroup.TOOLS, true, """
        Flushes memstores to block files: every region of a table, one region (full or encoded
        name), or every region of a region server (host,port,startcode as status shows it).
          flush 't1'
          flush 'ns1:t1'
          flush 'ENCODED_REGIONNAME'
          flush 'REGIONNAME'
          flush 'host1,17020,1700000000000'

        On a table reference t: t.flush
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    Admin admin = ctx.admin();
    TableName table = Targets.table(admin, args, 0);
    if (table != null) {
      admin.flush(table);
      return null;
    }
    String target = args.string(0, "table, region or server name");
    List<String> regions = Targets.serverRegions(admin, target);
    if (regions != null) {
      for (String r : regions) {
        admin.flushRegion(r);
      }
      return null;
    }
    admin.flushRegion(target);
    return null;
  }
}
