package io.strata.shell.commands.security;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** clear_auths: takes visibility labels away from a user. */
public final class ClearAuthsCommand extends BaseCommand {
  public ClearAuthsCommand() {
    super("clear_auths", CommandGroup.SECURITY, """
        Takes a user's authorizations for visibility labels away. Needs global A.
          clear_auths 'bob', 'secret'
          clear_auths 'bob', ['secret', 'probation']
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, 2);
    ctx.admin().clearAuths(args.string(0, "user"), Scopes.labels(args, 1));
    return null;
  }
}
