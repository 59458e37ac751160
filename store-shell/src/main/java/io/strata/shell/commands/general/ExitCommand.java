package io.strata.shell.commands.general;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ExitRequest;
import io.strata.shell.command.ShellContext;
import java.util.List;

/** exit: ends the session. */
public final class ExitCommand extends BaseCommand {
  public ExitCommand() {
    super("exit", CommandGroup.GENERAL, """
        Ends the shell session (so does Ctrl-D at the prompt). In a script, the commands after
        it do not run.
          exit
          quit
        """);
  }

  @Override
  public List<String> aliases() {
    return List.of("quit");
  }

  @Override
  public boolean timed() {
    return false;
  }

  @Override
  public Object run(ShellContext ctx, Args args) {
    args.count(0, 0);
    throw new ExitRequest();
  }
}
