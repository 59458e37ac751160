package io.strata.shell.commands.security;

import io.strata.client.security.UserPermission;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** revoke: takes a user's permissions on one scope away. */
public final class RevokeCommand extends BaseCommand {
  public RevokeCommand() {
    super("revoke", CommandGroup.SECURITY, """
        Takes away all a user's permissions on one scope: global, a namespace ('@ns'), a
        table, a column family or a qualifier (those granted on other scopes stay). Applies on
        every server before the command returns. Needs A on that scope.
          revoke 'bob'
          revoke 'bob', '@ns1'
          revoke 'bob', 't1'
          revoke 'bob', 't1', 'f1', 'col1'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 4);
    UserPermission up;
    try {
      up = new UserPermission(args.string(0, "user"), Scopes.from(args, 1).build());
    } catch (IllegalArgumentException e) {
      throw new CommandException(e.getMessage());
    }
    ctx.admin().revoke(up);
    return null;
  }
}
