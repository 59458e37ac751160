package io.strata.shell;

import io.strata.shell.command.Command;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.CommandRegistry;
import io.strata.shell.filter.FilterParser;
import java.util.Map;

/**
 * The command reference of docs/shell-commands.md, generated from the commands' own help so the two
 * never disagree: a table of the commands by group, then every command with its syntax and
 * examples, and every filter.
 */
public final class ShellDocs {
  /** The line after which docs/shell-commands.md is generated; what is above it is written by hand. */
  public static final String MARKER = "<!-- Everything below is generated from the commands' "
      + "help by ShellDocsTest; regenerate with: mvn -q -pl store-shell test "
      + "-Dtest=ShellDocsTest -Dstrata.regenerateDocs=true -->";

  private ShellDocs() {}

  public static String render(CommandRegistry registry) {
    StringBuilder sb = new StringBuilder(MARKER).append("\n\n## Commands by group\n\n")
        .append("| group | commands |\n|---|---|\n");
    for (CommandGroup g : CommandGroup.values()) {
      sb.append("| ").append(g.label()).append(" | ").append(String.join(", ",
          registry.inGroup(g).stream().map(c -> "`" + c.name() + "`").toList())).append(" |\n");
    }
    sb.append("\n## Commands\n");
    for (CommandGroup g : CommandGroup.values()) {
      sb.append("\n### ").append(g.label()).append(": ").append(g.description()).append('\n');
      for (Command c : registry.inGroup(g)) {
        sb.append("\n#### ").append(c.name());
        if (!c.aliases().isEmpty()) {
          sb.append(" (also ").append(String.join(", ", c.aliases())).append(')');
        }
        if (c.isTableMethod()) {
          sb.append(" (also a table method)");
        }
        sb.append("\n\n```\n").append(c.help().stripTrailing()).append("\n```\n");
      }
    }
    sb.append("\n## Filters\n\nThe filters a FILTER string may use (`show_filters` prints this"
        + " list):\n\n```\n");
    for (Map.Entry<String, String> e : FilterParser.syntax().entrySet()) {
      sb.append(e.getValue()).append('\n');
    }
    sb.append("```\n");
    return sb.toString();
  }
}
