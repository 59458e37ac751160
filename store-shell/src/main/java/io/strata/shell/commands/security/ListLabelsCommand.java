package io.strata.shell.commands.security;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import java.util.List;

/** list_labels: the defined visibility labels. */
public final class ListLabelsCommand extends BaseCommand {
  public ListLabelsCommand() {
    super("list_labels", CommandGroup.SECURITY, """
        Lists the defined visibility labels, one a line; optionally those a Java regular
        expression matches whole. Needs global A.
          list_labels
          list_labels 'secret.*'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 1);
    List<String> labels = ctx.admin().listLabels(args.has(0) ? args.string(0, "regex") : null);
    labels.forEach(ctx.out()::println);
    return labels;
  }
}
