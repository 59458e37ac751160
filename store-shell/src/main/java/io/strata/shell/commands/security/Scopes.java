package io.strata.shell.commands.security;

import io.strata.client.security.Permission;
import io.strata.common.util.Bytes;
import io.strata.shell.command.Args;
import io.strata.shell.command.CommandException;

/** A permission's scope as the security commands take it: [@namespace | table [, cf [, cq]]]. */
final class Scopes {
  private Scopes() {}

  /**
   * The scope the arguments from {@code first} on name: none, global; '@ns', a namespace; a
   * table, optionally with a family and a qualifier.
   */
  static Permission.Builder from(Args args, int first) {
    if (!args.has(first)) {
      return Permission.newBuilder();
    }
    String target = args.string(first, "namespace or table");
    if (target.startsWith("@")) {
      if (args.has(first + 1)) {
        throw new CommandException("a namespace's permission ('" + target + "') takes no family"
            + " or qualifier; name a table for those");
      }
      if (target.length() == 1) {
        throw new CommandException("'@' names no namespace; write '@ns1'");
      }
      return Permission.newBuilder(target.substring(1));
    }
    Permission.Builder b = Permission.newBuilder(args.table(first));
    if (args.has(first + 1)) {
      b.withFamily(args.bytes(first + 1, "column family"));
      if (args.has(first + 2)) {
        b.withQualifier(args.bytes(first + 2, "column qualifier"));
      }
    }
    return b;
  }

  /** Labels given as one string or an array of them. */
  static java.util.List<String> labels(Args args, int i) {
    Object v = args.get(i);
    java.util.List<String> out = new java.util.ArrayList<>();
    for (Object l : v instanceof java.util.List<?> list ? list : java.util.List.of(v)) {
      out.add(io.strata.shell.command.Values.toName(l, args.argName(i, "labels")));
    }
    if (out.isEmpty()) {
      throw new CommandException("no label given; write 'secret' or ['secret', 'private']");
    }
    return out;
  }

  /** A permission's scope as user_permission prints it: namespace,table,family,qualifier. */
  static String columns(Permission p) {
    return switch (p.getAccessScope()) {
      case GLOBAL -> ",,,";
      case NAMESPACE -> p.getNamespace() + ",,,";
      case TABLE -> p.getTableName().getNamespace() + "," + p.getTableName().getQualifier() + ","
          + (p.getFamily() == null ? "" : Bytes.toStringBinary(p.getFamily())) + ","
          + (p.getQualifier() == null ? "" : Bytes.toStringBinary(p.getQualifier()));
    };
  }
}
