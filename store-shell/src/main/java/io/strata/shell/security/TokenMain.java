package io.strata.shell.security;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.security.Token;
import io.strata.common.security.TokenFile;
import io.strata.shell.options.ClusterSecretFile;
import io.strata.shell.options.ToolOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * {@code bin/strata token create USER [--lifetime=7d] [--out=FILE] [--secret=FILE]} asks the
 * master for a token for USER and writes it to a file only its owner can read;
 * {@code bin/strata token show FILE} says whose it is and until when. Exit status 0 when done,
 * 1 when the cluster refused or failed, 2 for a command line it cannot run.
 */
public final class TokenMain {
  private TokenMain() {}

  public static void main(String[] args) {
    System.exit(run(args, StrataConfiguration.create(), System.out, System.err));
  }

  public static int run(String[] args, StrataConfiguration conf, PrintStream out,
      PrintStream err) {
    ToolOptions o;
    try {
      o = ToolOptions.parse(args, Set.of("lifetime", "out", "secret"));
      if (o.help()) {
        out.print(usage());
        return 0;
      }
      List<String> words = o.words();
      if (words.size() == 2 && words.get(0).equals("create")) {
        return create(words.get(1), o, conf, out, err);
      }
      if (words.size() == 2 && words.get(0).equals("show")) {
        o.noOptions();
        return show(Path.of(words.get(1)), out, err);
      }
      throw new ToolOptions.BadUsage("give create USER or show FILE");
    } catch (ToolOptions.BadUsage e) {
      err.println("bin/strata token: " + e.getMessage());
      err.print(usage());
      return 2;
    }
  }

  private static int create(String user, ToolOptions o, StrataConfiguration conf,
      PrintStream out, PrintStream err) {
    Duration lifetime = o.has("lifetime") ? o.duration("lifetime", null) : null;
    Path file = Path.of(o.string("out", user + ".token"));
    StrataConfiguration c = conf.copy();
    try {
      if (o.has("secret")) {
        c.set(ClientKeys.CLUSTER_SECRET_FILE, o.string("secret", ""));
      } else if (TokenFile.configured(conf).isEmpty()) {
        c.set(ClientKeys.CLUSTER_SECRET_FILE, ClusterSecretFile.local(conf, "token create"));
      } // else a superuser's own token proves who asks
    } catch (IOException e) {
      err.println("bin/strata token: " + e.getMessage() + "; or run it as a superuser with "
          + "your own token in STRATA_TOKEN_FILE");
      return 2;
    }
    try (Connection conn = ConnectionFactory.createConnection(c);
        Admin admin = conn.getAdmin()) {
      Token t = admin.createToken(user, lifetime);
      TokenFile.write(file, t);
      out.println("Wrote " + t + " to " + file);
      out.println("Clients use it with STRATA_TOKEN_FILE=" + file.toAbsolutePath()
          + " (or strata.client.token.file); keep it as private as a password.");
      return 0;
    } catch (IOException | RuntimeException e) {
      err.println("bin/strata token: " + e.getMessage());
      return 1;
    }
  }

  private static int show(Path file, PrintStream out, PrintStream err) {
    try {
      Token t = TokenFile.read(file);
      out.println("user:    " + t.user());
      out.println("id:      " + Long.toUnsignedString(t.id()));
      out.println("issued:  " + Instant.ofEpochMilli(t.issuedMillis()));
      out.println("expires: " + Instant.ofEpochMilli(t.expiresMillis())
          + (t.expiredAt(System.currentTimeMillis()) ? " (expired)" : ""));
      return 0;
    } catch (IOException e) {
      err.println("bin/strata token: " + e.getMessage());
      return 1;
    }
  }

  static String usage() {
    return "Usage: bin/strata token create USER [--lifetime=7d] [--out=FILE] [--secret=FILE]\n"
        + "       bin/strata token show FILE\n"
        + "  create     asks the master for a token for USER and writes it to FILE (default\n"
        + "             USER.token), readable by its owner alone. The master issues tokens to\n"
        + "             superusers (strata.superuser, proven by their own STRATA_TOKEN_FILE)\n"
        + "             and to holders of the cluster secret: --secret, or by default\n"
        + "             <root>/cluster.secret when the root directory is local\n"
        + "  --lifetime how long the token is valid (default strata.security.token.lifetime)\n"
        + "  show       prints the token's user, id, and when it was issued and expires\n";
  }
}
