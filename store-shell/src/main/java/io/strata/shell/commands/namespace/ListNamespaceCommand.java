package io.strata.shell.commands.namespace;

import io.strata.client.NamespaceDescriptor;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.commands.ddl.ListCommand;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** list_namespace: the namespaces, optionally those matching a regular expression. */
public final class ListNamespaceCommand extends BaseCommand {
  public ListNamespaceCommand() {
    super("list_namespace", CommandGroup.NAMESPACE, """
        Lists the namespaces; a Java regular expression keeps the names it matches whole.
          list_namespace
          list_namespace 'ns.*'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 1);
    Pattern p = args.has(0) ? ListCommand.pattern(args.string(0, "regular expression")) : null;
    ctx.out().println("NAMESPACE");
    List<Object> out = new ArrayList<>();
    for (NamespaceDescriptor d : ctx.admin().listNamespaceDescriptors()) {
      if (p == null || p.matcher(d.getName()).matches()) {
        ctx.out().println(d.getName());
        out.add(d.getName());
      }
    }
    ctx.out().println(out.size() + " row(s)");
    return out;
  }
}
