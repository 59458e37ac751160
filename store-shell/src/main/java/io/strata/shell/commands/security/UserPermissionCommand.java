package io.strata.shell.commands.security;

import io.strata.client.Admin;
import io.strata.client.NamespaceDescriptor;
import io.strata.client.security.GetUserPermissionsRequest;
import io.strata.client.security.Permission;
import io.strata.client.security.UserPermission;
import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** user_permission: the permissions granted globally, or on namespaces or tables. */
public final class UserPermissionCommand extends BaseCommand {
  public UserPermissionCommand() {
    super("user_permission", CommandGroup.SECURITY, """
        Lists permissions: the global ones, a namespace's ('@ns'), or a table's with those on
        its families and qualifiers; a name with regular expression characters lists those of
        every namespace or table it matches. Needs A on the scope, unless listing your own.
          user_permission
          user_permission '@ns1'
          user_permission '@.*'
          user_permission 't1'
          user_permission 'ns1:.*'
          user_permission 't1', 'f1', 'col1'
        """);
  }

  private static boolean isPattern(String s) {
    return s.chars().anyMatch(c -> ".*?+[]()|^$\\{}".indexOf(c) >= 0);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 3);
    Admin admin = ctx.admin();
    List<GetUserPermissionsRequest> requests = new ArrayList<>();
    String target = args.has(0) ? args.string(0, "namespace or table") : null;
    if (target != null && isPattern(target)) {
      if (args.has(1)) {
        throw new CommandException("a pattern ('" + target + "') takes no family or qualifier;"
            + " name one table for those");
      }
      if (target.startsWith("@")) {
        Pattern p = Pattern.compile(target.substring(1));
        for (NamespaceDescriptor ns : admin.listNamespaceDescriptors()) {
          if (p.matcher(ns.getName()).matches()) {
            requests.add(GetUserPermissionsRequest.newBuilder(ns.getName()).build());
          }
        }
      } else {
        for (TableName t : admin.listTableNames(Pattern.compile(target), true)) {
          requests.add(GetUserPermissionsRequest.newBuilder(t).build());
        }
      }
    } else {
      Permission scope;
      try {
        scope = Scopes.from(args, 0).build();
      } catch (IllegalArgumentException e) {
        throw new CommandException(e.getMessage());
      }
      GetUserPermissionsRequest.Builder b = switch (scope.getAccessScope()) {
        case GLOBAL -> GetUserPermissionsRequest.newBuilder();
        case NAMESPACE -> GetUserPermissionsRequest.newBuilder(scope.getNamespace());
        case TABLE -> GetUserPermissionsRequest.newBuilder(scope.getTableName());
      };
      if (scope.getFamily() != null) {
        b.withFamily(scope.getFamily());
      }
      if (scope.getQualifier() != null) {
        b.withQualifier(scope.getQualifier());
      }
      requests.add(b.build());
    }
    List<UserPermission> all = new ArrayList<>();
    ctx.out().printf("%-28s %s%n", "User", "Namespace,Table,Family,Qualifier:Permission");
    for (GetUserPermissionsRequest r : requests) {
      for (UserPermission up : admin.getUserPermissions(r)) {
        all.add(up);
        Permission p = up.getPermission();
        ctx.out().printf("%-28s %s: [Permission: actions=%s]%n", " " + up.getUser(),
            Scopes.columns(p), String.join(",", p.getActions().stream()
                .sorted().map(Enum::name).toList()));
      }
    }
    ctx.out().println(all.size() + " row(s)");
    return all;
  }
}
