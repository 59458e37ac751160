package io.strata.shell.commands.tools;

import io.strata.client.Admin;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** compact and major_compact: queue compactions of a table or region, or one family. */
public final class CompactCommand extends BaseCommand {
  private final boolean major;

  private CompactCommand(String name, boolean major, String help) {
    super(name, CommandGroup.TOOLS, true, help);
    this.major = major;
  }

  public static CompactCommand compact() {
    return new CompactCommand("compact", false, """
        Queues a compaction (the servers pick which files to merge) of every region of a
        table, or of one region (full or encoded name); a family name limits it to that
        family. It returns at once; the compaction runs in the background.
          compact 't1'
          compact 't1', 'f1'
          compact 'ENCODED_REGIONNAME'
          compact 'REGIONNAME', 'f1'

        On a table reference t: t.compact, t.compact 'f1'
        """);
  }

  public static CompactCommand majorCompact() {
    return new CompactCommand("major_compact", true, """
        Queues a major compaction: every file of each store is rewritten into one, dropping
        deleted, expired and surplus versions. Of every region of a table, or of one region
        (full or encoded name); a family name limits it to that family. It returns at once;
        the compaction runs in the background.
          major_compact 't1'
          major_compact 't1', 'f1'
          major_compact 'ENCODED_REGIONNAME'
          major_compact 'REGIONNAME', 'f1'

        On a table reference t: t.major_compact, t.major_compact 'f1'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 2);
    Admin admin = ctx.admin();
    byte[] family = args.has(1) ? args.bytes(1, "column family") : null;
    TableName table = Targets.table(admin, args, 0);
    if (table != null) {
      if (family == null) {
        if (major) {
          admin.majorCompact(table);
        } else {
          admin.compact(table);
        }
      } else if (major) {
        admin.majorCompact(table, family);
      } else {
        admin.compact(table, family);
      }
      return null;
    }
    String region = args.string(0, "table or region name");
    if (family == null) {
      admin.compactRegion(region, major);
    } else {
      admin.compactRegion(region, family, major);
    }
    return null;
  }
}
