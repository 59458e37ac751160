package io.strata.shell.commands.general;

import io.strata.common.Version;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.Command;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.CommandRegistry;
import io.strata.shell.command.ShellContext;
import java.io.PrintStream;
import java.util.List;

/** help: the command groups, one command's help, or one group's. */
public final class HelpCommand extends BaseCommand {
  public HelpCommand() {
    super("help", CommandGroup.GENERAL, """
        Shows help: with no argument the command groups and their commands; with a command
        name that command's syntax and examples; with a group name every command of the group.
          help
          help 'create'
          help 'ddl'
        """);
  }

  @Override
  public boolean timed() {
    return false;
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 1);
    CommandRegistry registry = ctx.registry();
    PrintStream out = ctx.out();
    if (!args.has(0)) {
      out.print(overview(registry));
      return null;
    }
    String topic = args.string(0, "command or group name");
    Command c = registry.get(topic);
    if (c != null) {
      out.println(c.help().stripTrailing());
      return null;
    }
    CommandGroup g = CommandGroup.byLabel(topic);
    if (g != null) {
      out.println("Command group: " + g.label() + " (" + g.description() + ")");
      for (Command member : registry.inGroup(g)) {
        out.println();
        out.println("Command: " + member.name());
        out.println(member.help().stripTrailing());
      }
      return null;
    }
    String closest = registry.closest(topic);
    throw new CommandException("there is no command or group '" + topic + "'"
        + (closest == null ? "" : "; did you mean '" + closest + "'?"));
  }

  /** The text plain {@code help} prints. */
  public static String overview(CommandRegistry registry) {
    StringBuilder sb = new StringBuilder();
    sb.append("Strata Shell, version ").append(Version.get()).append('\n');
    sb.append("Type 'help \"COMMAND\"' (e.g. 'help \"get\"'; the quotes are necessary) for help"
        + " on a command.\n");
    sb.append("Commands are grouped. Type 'help \"COMMAND_GROUP\"' (e.g. 'help \"general\"')"
        + " for help on a group.\n\n");
    sb.append("COMMAND GROUPS:\n");
    for (CommandGroup g : CommandGroup.values()) {
      List<Command> cs = registry.inGroup(g);
      if (cs.isEmpty()) {
        continue;
      }
      sb.append("  Group name: ").append(g.label()).append('\n');
      sb.append("  Commands: ").append(String.join(", ", cs.stream().map(Command::name)
          .toList())).append("\n\n");
    }
    sb.append("""
        SHELL USAGE:
        Quote all names, such as table and column names: 'single quotes' take the text as it \
        is, "double quotes" honour escapes such as "\\x00" and "\\t". Commas delimit \
        arguments. KEY => value pairs (often in { } braces) give options:
          get 't1', 'r1', {COLUMN => 'f1:q', VERSIONS => 3}
        Constants such as NAME, VERSIONS and COMPRESSION need no quotes. An unfinished line
        (an open bracket or quote, or a trailing comma) continues on the next. Separate
        several commands on one line with ';'. A table reference saves retyping the name:
          t = get_table 't1'
          t.scan LIMIT => 10
        Tab completes command names, table names inside quotes, and constants. Up and down
        recall earlier lines, kept in ~/.strata_shell_history.

        Exit with exit, quit or Ctrl-D. docs/shell.md describes every command.
        """);
    return sb.toString();
  }
}
