package io.strata.shell.commands.security;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** add_labels: defines visibility labels. */
public final class AddLabelsCommand extends BaseCommand {
  public AddLabelsCommand() {
    super("add_labels", CommandGroup.SECURITY, """
        Defines visibility labels (letters, digits and _ - : / .), which cell visibility
        expressions and users' authorizations may then name. Needs global A.
          add_labels 'secret'
          add_labels ['secret', 'probation']
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(1, 1);
    ctx.admin().addLabels(Scopes.labels(args, 0));
    return null;
  }
}
