package io.strata.shell.command;

/** A command whose name, group and help are fixed: subclasses pass them and write run. */
public abstract class BaseCommand implements Command {
  private final String name;
  private final CommandGroup group;
  private final String help;

  protected BaseCommand(String name, CommandGroup group, String help) {
    this.name = name;
    this.group = group;
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
}
