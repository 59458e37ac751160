package io.strata.shell.commands.namespace;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** drop_namespace: deletes an empty namespace. */
public final class DropNamespaceCommand extends BaseCommand {
  public DropNamespaceCommand() {
    super("drop_namespace", CommandGroup.NAMESPACE, """
        Drops a namespace. It must hold no tables (list_namespace_tables shows them).
          drop_namespace 'ns1'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    ctx.admin().deleteNamespace(Namespaces.name(args));
    return null;
  }
}
