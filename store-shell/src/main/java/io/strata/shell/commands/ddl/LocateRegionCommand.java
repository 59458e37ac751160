package io.strata.shell.commands.ddl;

import io.strata.client.RegionLocation;
import io.strata.client.RegionLocator;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.output.TwoColumns;

/** locate_region: the region holding a row, and its server. */
public final class LocateRegionCommand extends BaseCommand {
  public LocateRegionCommand() {
    super("locate_region", CommandGroup.DDL, """
        Locates the region holding a row of a table, and the server hosting it (looked up
        afresh, not from the client's cache).
          locate_region 't1', 'key0'
          locate_region 'ns1:t1', "\\x00\\x01"
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, 2);
    TableName table = args.table(0);
    byte[] row = args.bytes(1, "row");
    RegionLocation loc;
    try (RegionLocator locator = ctx.connection().getRegionLocator(table)) {
      loc = locator.getRegionLocation(row, true);
    }
    TwoColumns out = new TwoColumns(ctx.out(), "HOST", "REGION");
    out.line(loc.server() == null ? "(not assigned)" : loc.server().getAddress(),
        loc.region().toString(), true);
    out.footer();
    return null;
  }
}
