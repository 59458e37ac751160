package io.strata.shell.commands.namespace;

import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import java.util.ArrayList;
import java.util.List;

/** list_namespace_tables: the tables of one namespace. */
public final class ListNamespaceTablesCommand extends BaseCommand {
  public ListNamespaceTablesCommand() {
    super("list_namespace_tables", CommandGroup.NAMESPACE, """
        Lists the tables of a namespace (names without the namespace prefix).
          list_namespace_tables 'ns1'
          list_namespace_tables 'default'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    String ns = Namespaces.name(args);
    ctx.admin().getNamespaceDescriptor(ns); // an unknown namespace is an error, not an empty list
    ctx.out().println("TABLE");
    List<Object> out = new ArrayList<>();
    for (TableName t : ctx.admin().listTableNamesByNamespace(ns)) {
      ctx.out().println(t.getQualifier());
      out.add(t.getQualifier());
    }
    ctx.out().println(out.size() + " row(s)");
    return out;
  }
}
