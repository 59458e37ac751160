package io.strata.shell.command;

import io.strata.common.util.EditDistance;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Every command the shell knows, by name and alias. {@link io.strata.shell.Commands#all}
 * lists them; a new command is one class and one line there.
 */
public final class CommandRegistry {
  private final Map<String, Command> byName = new LinkedHashMap<>();
  private final List<Command> commands;

  public CommandRegistry(List<Command> commands) {
    this.commands = List.copyOf(commands);
    for (Command c : commands) {
      add(c.name(), c);
      for (String alias : c.aliases()) {
        add(alias, c);
      }
    }
  }

  private void add(String name, Command c) {
    if (byName.putIfAbsent(name, c) != null) {
      throw new IllegalStateException("two commands are named " + name);
    }
  }

  /** The command with this name or alias, or null. */
  public Command get(String name) {
    return byName.get(name);
  }

  public List<Command> all() {
    return commands;
  }

  /** Names and aliases, sorted: for completion. */
  public List<String> names() {
    return List.copyOf(new TreeSet<>(byName.keySet()));
  }

  /** The group's commands, sorted by name. */
  public List<Command> inGroup(CommandGroup group) {
    List<Command> out = new ArrayList<>();
    for (Command c : commands) {
      if (c.group() == group) {
        out.add(c);
      }
    }
    out.sort((a, b) -> a.name().compareTo(b.name()));
    return Collections.unmodifiableList(out);
  }

  /** Commands a table reference has as methods, sorted. */
  public List<String> tableMethods() {
    TreeSet<String> out = new TreeSet<>();
    for (Command c : commands) {
      if (c.isTableMethod()) {
        out.add(c.name());
      }
    }
    return List.copyOf(out);
  }

  /** The known name closest to a mistyped one (edit distance at most 3), or null. */
  public String closest(String name) {
    String best = null;
    int bestDistance = 4;
    for (String known : names()) {
      int d = EditDistance.between(name, known);
      if (d < bestDistance) {
        best = known;
        bestDistance = d;
      }
    }
    return best;
  }
}
