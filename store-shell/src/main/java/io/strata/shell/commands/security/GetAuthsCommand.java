package io.strata.shell.commands.security;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import java.util.List;

/** get_auths: the visibility labels a user is authorized for. */
public final class GetAuthsCommand extends BaseCommand {
  public GetAuthsCommand() {
    super("get_auths", CommandGroup.SECURITY, """
        Lists the visibility labels a user is authorized for, one a line. Needs global A,
        unless asking about yourself.
          get_auths 'bob'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    List<String> labels = ctx.admin().getAuths(args.string(0, "user"));
    labels.forEach(ctx.out()::println);
    return labels;
  }
}
