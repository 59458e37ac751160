package io.strata.shell.command;

/**
 * A command whose name, group, help and being a table method are fixed: subclasses pass them
 * and write run.
 */
public abstract class BaseCommand implements Command {
  private final String name;
  private final CommandGroup group;
  private final String help;
  private final boolean tableMethod;

  protected BaseCommand(String name, CommandGroup group, String help) {
    this(name, group, false, help);
  }

  /** With {@code tableMethod} a table reference has the command as a method. */
  protected BaseCommand(String name, CommandGroup group, boolean tableMethod, String help) {
    this.name = name;
    this.group = group;
    this.tableMethod = tableMethod;
    this.help = help;
  }

  @Override
  public final String name() {
    return name;
  }

  @Override
  public final CommandGroup group() {
    return group;
  }

  @Override
  public final String help() {
    return help;
  }

  @Override
  public final boolean isTableMethod() {
    return tableMethod;
  }
}
