package io.strata.shell.command;

import java.util.List;

/**
 * One shell command. A command reads its arguments, calls the public client API, prints what
 * the HBase shell prints, and returns the value the interactive shell echoes after {@code =>}
 * (or null). To add a command: one class implementing this, and one line in {@link
 * CommandRegistry}.
 */
public interface Command {
  /** The name users type. */
  String name();

  /** Other names that run it (close_region for unassign's older form, desc for describe). */
  default List<String> aliases() {
    return List.of();
  }

  CommandGroup group();

  /**
   * What it does, its argument forms and examples, as {@code help 'name'} prints them and
   * docs/shell-commands.md lists them. The first line is a one-sentence summary.
   */
  String help();

  /**
   * Runs the command. Bad arguments throw {@link CommandException}; errors from the cluster
   * propagate as they are and the shell words them.
   */
  Object run(ShellContext ctx, Args args) throws Exception;

  /**
   * True if a table reference can call it as a method ({@code t.scan}): the reference's table
   * then comes first in the arguments.
   */
  default boolean isTableMethod() {
    return false;
  }

  /** Whether the shell prints {@code Took N seconds} after it (not after help or exit). */
  default boolean timed() {
    return true;
  }
}
