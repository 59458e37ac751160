package io.strata.shell.commands.ddl;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import io.strata.shell.filter.FilterParser;
import java.util.Map;

/** show_filters: the filters FILTER strings may use, with their arguments. */
public final class ShowFiltersCommand extends BaseCommand {
  public ShowFiltersCommand() {
    super("show_filters", CommandGroup.DDL, """
        Shows the filters a FILTER string may use in get, scan and count, with their arguments.
        Combine them with AND, OR, SKIP (drop a whole row when any cell fails), WHILE (end the
        scan at the first row that fails) and parentheses. Comparators are 'binary:value',
        'binaryprefix:value', 'regexstring:regex' and 'substring:text' (the last two with = or
        != only); compare operators are <, <=, =, !=, >=, >.
          show_filters
          scan 't1', {FILTER => "PrefixFilter('r') AND ValueFilter(=, 'substring:abc')"}
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 0);
    for (Map.Entry<String, String> e : FilterParser.syntax().entrySet()) {
      ctx.out().println(e.getValue());
    }
    return null;
  }
}
