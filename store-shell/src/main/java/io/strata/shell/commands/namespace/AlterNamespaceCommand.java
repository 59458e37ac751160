package io.strata.shell.commands.namespace;

import io.strata.client.Admin;
import io.strata.client.NamespaceDescriptor;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.command.Values;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** alter_namespace: sets or removes a namespace's properties. */
public final class AlterNamespaceCommand extends BaseCommand {
  public AlterNamespaceCommand() {
    super("alter_namespace", CommandGroup.NAMESPACE, """
        Sets or removes properties of a namespace.
          alter_namespace 'ns1', {METHOD => 'set', 'PROPERTY_NAME' => 'PROPERTY_VALUE'}
          alter_namespace 'ns1', {METHOD => 'unset', NAME => 'PROPERTY_NAME'}
          alter_namespace 'ns1', {METHOD => 'unset', NAME => ['P1', 'P2']}
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, 2);
    String name = Namespaces.name(args);
    Map<Object, Object> hash = args.hash(1, "change");
    Admin admin = ctx.admin();
    NamespaceDescriptor current = admin.getNamespaceDescriptor(name);
    Map<String, String> conf = new TreeMap<>(current.getConfiguration());
    String method = hash.containsKey("METHOD") ? Values.toText(hash.get("METHOD"), "METHOD")
        : "";
    switch (method) {
      case "set" -> {
        if (hash.size() < 2) {
          throw new CommandException("METHOD => 'set' needs at least one 'key' => 'value'");
        }
        hash.forEach((k, v) -> {
          if (!"METHOD".equals(k)) {
            conf.put(String.valueOf(k), Values.toText(v, "property " + k));
          }
        });
      }
      case "unset" -> {
        Object names = hash.get("NAME");
        if (names == null || hash.size() != 2) {
          throw new CommandException("METHOD => 'unset' takes NAME => 'PROPERTY_NAME' (or an "
              + "array of names), and nothing else");
        }
        for (Object n : names instanceof List<?> l ? l : List.of(names)) {
          String key = Values.toText(n, "NAME");
          if (conf.remove(key) == null) {
            throw new CommandException("namespace " + name + " has no property '" + key
                + "'; it has " + (conf.isEmpty() ? "none" : String.join(", ", conf.keySet())));
          }
        }
      }
      default -> throw new CommandException("alter_namespace needs METHOD => 'set' or METHOD =>"
          + " 'unset'" + (method.isEmpty() ? "" : ", got '" + method + "'"));
    }
    NamespaceDescriptor.Builder b = NamespaceDescriptor.create(name);
    conf.forEach(b::addConfiguration);
    admin.modifyNamespace(b.build());
    return null;
  }
}
