package io.strata.shell.commands.namespace;

import io.strata.client.NamespaceDescriptor;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.command.Values;
import java.util.Map;

/** create_namespace: a namespace, optionally with properties. */
public final class CreateNamespaceCommand extends BaseCommand {
  public CreateNamespaceCommand() {
    super("create_namespace", CommandGroup.NAMESPACE, """
        Creates a namespace, optionally with properties ('key' => 'value'). Tables in it are
        named 'ns1:table'.
          create_namespace 'ns1'
          create_namespace 'ns1', {'PROPERTY_NAME' => 'PROPERTY_VALUE'}
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 2);
    NamespaceDescriptor.Builder b = NamespaceDescriptor.create(Namespaces.name(args));
    if (args.has(1)) {
      for (Map.Entry<Object, Object> e : args.hash(1, "properties").entrySet()) {
        b.addConfiguration(String.valueOf(e.getKey()),
            Values.toText(e.getValue(), "property " + e.getKey()));
      }
    }
    ctx.admin().createNamespace(b.build());
    return null;
  }
}
