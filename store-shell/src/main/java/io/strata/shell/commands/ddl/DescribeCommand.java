package io.strata.shell.commands.ddl;

import io.strata.client.Admin;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import java.util.List;

/** describe: a table's state, attributes and families. */
public final class DescribeCommand extends BaseCommand {
  public DescribeCommand() {
    super("describe", CommandGroup.DDL, true, """
        Describes a table: whether it is enabled, its attributes and its column families with
        every setting.
          describe 't1'
          describe 'ns1:t1'
          desc 't1'

        On a table reference t: t.describe
        """);
  }

  @Override
  public List<String> aliases() {
    return List.of("desc");
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    TableName name = args.table(0);
    Admin admin = ctx.admin();
    TableDescriptor d = admin.getDescriptor(name);
    String state = admin.isTableEnabled(name) ? "ENABLED"
        : admin.isTableDisabled(name) ? "DISABLED" : "IN TRANSITION";
    ctx.out().println("Table " + name + " is " + state);
    ctx.out().println(SchemaFormat.table(d));
    ctx.out().println("COLUMN FAMILIES DESCRIPTION");
    for (ColumnFamilyDescriptor f : d.getColumnFamilies()) {
      ctx.out().println(SchemaFormat.family(f));
      ctx.out().println();
    }
    ctx.out().println(d.getColumnFamilies().size() + " row(s)");
    return null;
  }
}
