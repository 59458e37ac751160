package io.strata.shell.commands.general;

import io.strata.shell.command.Args;
import io.strata.shell.command.BaseCommand;
import io.strata.shell.command.CommandGroup;
import io.strata.shell.command.ShellContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** whoami: the user the shell talks to the cluster as. */
public final class WhoamiCommand extends BaseCommand {
  public WhoamiCommand() {
    super("whoami", CommandGroup.GENERAL, """
        Shows the shell's user, auth:TOKEN when a token proves it (STRATA_TOKEN_FILE),
        auth:KERBEROS (its principal) under Kerberos, else auth:SIMPLE (taken by name), and the
        operating system user's groups.
          whoami
        """);
  }

  @Override
  public Object run(ShellContext ctx, Args args) throws Exception {
    args.count(0, 0);
    io.strata.common.conf.StrataConfiguration conf = ctx.connection().getConfiguration();
    String tokenFile = io.strata.common.security.TokenFile.configured(conf);
    String osUser = System.getProperty("user.name");
    if (!tokenFile.isEmpty()) {
      ctx.out().println(io.strata.common.security.TokenFile.read(Path.of(tokenFile)).user()
          + " (auth:TOKEN)");
    } else if (io.strata.common.security.AuthenticationMode.of(conf)
        == io.strata.common.security.AuthenticationMode.KERBEROS) {
      String principal = conf.get(io.strata.common.conf.ClientKeys.KERBEROS_PRINCIPAL).trim();
      ctx.out().println((principal.isEmpty()
          ? org.apache.hadoop.security.UserGroupInformation.getCurrentUser().getUserName()
          : principal) + " (auth:KERBEROS)");
    } else {
      String user = conf.get(io.strata.common.conf.ClientKeys.USER);
      ctx.out().println((user.isEmpty() ? osUser : user) + " (auth:SIMPLE)");
    }
    ctx.out().println("    groups: " + String.join(", ", groups(osUser)));
    return null;
  }

  /** The user's groups from /etc/group (the primary group first when it is known). */
  static List<String> groups(String user) {
    List<String> out = new ArrayList<>();
    Path groupFile = Path.of("/etc/group");
    if (!Files.isReadable(groupFile)) {
      return out;
    }
    long primaryGid = -1;
    try {
      primaryGid = new com.sun.security.auth.module.UnixSystem().getGid();
    } catch (LinkageError | RuntimeException e) {
      // not a Unix system, or the module is absent: list memberships only
    }
    try {
      for (String line : Files.readAllLines(groupFile)) {
        String[] f = line.split(":", -1);
        if (f.length < 4) {
          continue;
        }
        boolean primary = String.valueOf(primaryGid).equals(f[2]);
        boolean member = List.of(f[3].split(",")).contains(user);
        if (primary) {
          out.add(0, f[0]);
        } else if (member) {
          out.add(f[0]);
        }
      }
    } catch (IOException e) {
      // unreadable: no groups to show
    }
    return out;
  }
}
