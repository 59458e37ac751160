package io.strata.shell.commands.security;

import io.strata.client.security.UserPermission;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** grant: gives a user permissions, globally or on a namespace, table, family or qualifier. */
public final class GrantCommand extends BaseCommand {
  public GrantCommand() {
    super("grant", CommandGroup.SECURITY, """
        Grants a user permissions: any of R (read), W (write), X (exec: coprocessor
        endpoints), C (create) and A (admin), globally, on a namespace ('@ns'), or on a table,
        a column family or a qualifier. Adds to what the user already has there; it applies on
        every server before the command returns. Needs A on that scope.
          grant 'bob', 'RWXCA'
          grant 'bob', 'C', '@ns1'
          grant 'bob', 'RW', 't1'
          grant 'bob', 'R', 't1', 'f1', 'col1'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, 5);
    String user = args.string(0, "user");
    String actions = args.string(1, "permissions");
    if (actions.isEmpty()) {
      throw new CommandException("no permissions given; write some of R, W, X, C and A, such as"
          + " 'RW'");
    }
    UserPermission up;
    try {
      up = new UserPermission(user, Scopes.from(args, 2).withActionCodes(actions).build());
    } catch (IllegalArgumentException e) {
      throw new CommandException(e.getMessage());
    }
    ctx.admin().grant(up, true);
    return null;
  }
}
