package io.strata.shell.commands.namespace;

import io.strata.client.NamespaceDescriptor;
import io.strata.shell.command.Args;
import io.strata.shell.command.CommandException;
import java.util.ArrayList;
import java.util.List;

/** What the namespace commands share: the name argument and HBase's printed form. */
final class Namespaces {
  private Namespaces() {}

  static String name(Args args) {
    String name = args.string(0, "namespace name");
    if (name.isEmpty()) {
      throw new CommandException("a namespace name must not be empty");
    }
    return name;
  }

  /** {@code {NAME => 'ns1', 'key' => 'value'}}. */
  static String describe(NamespaceDescriptor d) {
    List<String> parts = new ArrayList<>();
    parts.add("NAME => '" + d.getName() + "'");
    d.getConfiguration().forEach((k, v) -> parts.add("'" + k + "' => '" + v + "'"));
    return "{" + String.join(", ", parts) + "}";
  }
}
