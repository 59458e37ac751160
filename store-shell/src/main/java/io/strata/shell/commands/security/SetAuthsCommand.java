package io.strata.shell.commands.security;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** set_auths: gives a user visibility labels to read with. */
public final class SetAuthsCommand extends BaseCommand {
  public SetAuthsCommand() {
    super("set_auths", CommandGroup.SECURITY, """
        Authorizes a user for defined visibility labels: reads asking for them
        (AUTHORIZATIONS) see the cells whose visibility expressions they satisfy. Needs
        global A.
          set_auths 'bob', 'secret'
          set_auths 'bob', ['secret', 'probation']
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(2, 2);
    ctx.admin().setAuths(args.string(0, "user"), Scopes.labels(args, 1));
    return null;
  }
}
