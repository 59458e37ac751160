package io.strata.shell.commands.ddl;

import io.strata.common.schema.TableName;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** list: the tables, optionally those whose name matches a regular expression. */
public final class ListCommand extends BaseCommand {
  public ListCommand() {
    super("list", CommandGroup.DDL, """
        Lists the user tables; a Java regular expression limits the list to the names it \
        matches whole. System tables (strata:meta) show when the expression names the strata \
        namespace.
          list
          list 'abc.*'
          list 'ns:abc.*'
          list 'ns:.*'
          list 'strata:.*'
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 1);
    List<TableName> names;
    if (args.has(0)) {
      String regex = args.string(0, "regular expression");
      names = ctx.admin().listTableNames(pattern(regex), regex.startsWith("strata:"));
    } else {
      names = ctx.admin().listTableNames();
    }
    ctx.out().println("TABLE");
    List<Object> out = new ArrayList<>();
    for (TableName n : names) {
      ctx.out().println(n);
      out.add(n.toString());
    }
    ctx.out().println(names.size() + " row(s)");
    return out;
  }

  /** The regular expression compiled, or an error that quotes Java's complaint. */
  public static Pattern pattern(String regex) {
    try {
      return Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw new CommandException("'" + regex + "' is not a valid regular expression: "
          + e.getDescription() + " near index " + e.getIndex() + " (use '.*' for any text)");
    }
  }
}
