package io.strata.shell.commands.general;

import io.strata.common.Version;
import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;

/** version: the shell's Strata version and Java runtime. */
public final class VersionCommand extends BaseCommand {
  public VersionCommand() {
    super("version", CommandGroup.GENERAL, """
        Prints the Strata version of this shell and the Java runtime it runs on.
          version
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 0);
    ctx.out().println(Version.get() + ", Java " + Runtime.version() + " ("
        + System.getProperty("java.vendor") + ")");
    return null;
  }
}
