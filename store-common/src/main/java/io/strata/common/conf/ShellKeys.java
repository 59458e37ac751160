package io.strata.common.conf;

/** Keys of the admin shell (bin/strata shell). */
public final class ShellKeys {
  public static final String SECTION = "Shell";

  public static final ConfigKey<String> HISTORY_FILE = ConfigKey.string(
      "strata.shell.history.file", "~/.strata_shell_history",
      "Where the interactive shell keeps the lines typed, so Up recalls them when it runs "
          + "again; a leading ~/ is the HOME directory (the JVM's user.home where HOME is not "
          + "set); empty keeps no history file.");

  public static final ConfigKey<Integer> HISTORY_SIZE = ConfigKey.integer(
      "strata.shell.history.size", 1000, "lines",
      "Lines of history the shell keeps.");

  private ShellKeys() {}
}
