package io.strata.shell.commands.namespace;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** describe_namespace: a namespace and its properties. */
public final class DescribeNamespaceCommand extends BaseCommand {
  public DescribeNamespaceCommand() {
    super("describe_namespace", CommandGroup.NAMESPACE, """
        Describes a namespace: its name and properties.
          describe_namespace 'ns1'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    ctx.out().println("DESCRIPTION");
    ctx.out().println(Namespaces.describe(ctx.admin().getNamespaceDescriptor(
        Namespaces.name(args))));
    return null;
  }
}
