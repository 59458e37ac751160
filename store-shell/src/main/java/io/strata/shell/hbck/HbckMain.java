package io.strata.shell.hbck;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.ConsistencyReport;
import io.strata.common.conf.ClientKeys;
import io.strata.common.conf.StrataConfiguration;
import java.io.IOException;
import java.io.PrintStream;

/**
 * {@code bin/strata hbck [-fix] [--secret FILE]}: checks strata:meta against the file system
 * and the live servers, as HBase's hbck does, and prints what it found; {@code -fix} repairs
 * what cannot lose data. Exit status 0 when nothing is left to repair, 1 when something is,
 * 2 for a command line it cannot run.
 */
public final class HbckMain {
  private HbckMain() {}

  public static void main(String[] args) {
    System.exit(run(args, StrataConfiguration.create(), System.out, System.err));
  }

  public static int run(String[] args, StrataConfiguration conf, PrintStream out,
      PrintStream err) {
    boolean fix = false;
    String secret = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "-fix", "--fix" -> fix = true;
        case "--secret" -> {
          if (i + 1 == args.length) {
            err.println("bin/strata hbck: --secret needs a file");
            return 2;
          }
          secret = args[++i];
        }
        case "-h", "--help" -> {
          out.print(usage());
          return 0;
        }
        default -> {
          err.println("bin/strata hbck: unknown argument '" + args[i] + "'");
          err.print(usage());
          return 2;
        }
      }
    }
    StrataConfiguration c = conf.copy();
    if (fix) {
      try {
        c.set(ClientKeys.CLUSTER_SECRET_FILE, secret != null ? secret
            : io.strata.shell.options.ClusterSecretFile.local(conf, "-fix"));
      } catch (IOException e) {
        err.println("bin/strata hbck: " + e.getMessage());
        return 2;
      }
    }
    try (Connection conn = ConnectionFactory.createConnection(c);
        Admin admin = conn.getAdmin()) {
      ConsistencyReport r = admin.checkConsistency(fix);
      print(r, out);
      return r.consistentNow() ? 0 : 1;
    } catch (IOException | RuntimeException e) {
      err.println("bin/strata hbck: " + e.getMessage());
      return 1;
    }
  }

  static String usage() {
    return "Usage: bin/strata hbck [-fix] [--secret FILE]\n"
        + "Checks strata:meta against the file system and the live region servers: unreadable\n"
        + "meta rows, holes and overlaps in a table's keys, regions missing on disk or in meta,\n"
        + "regions placed on dead servers.\n"
        + "  -fix           repair what cannot lose data: delete unreadable meta rows, fill\n"
        + "                 holes with empty regions, reopen regions of dead servers\n"
        + "  --secret FILE  a copy of <root>/cluster.secret, which -fix presents (by default\n"
        + "                 the file itself, when strata.rootdir is local)\n";
  }

  static void print(ConsistencyReport r, PrintStream out) {
    out.printf("Checked strata:meta: %d table(s), %d region(s).%n", r.tables(), r.regions());
    int fixed = 0;
    for (ConsistencyReport.Finding f : r.findings()) {
      fixed += f.fixed() ? 1 : 0;
      out.println((f.fixed() ? "FIXED " : "ERROR ") + f.kind()
          + (f.table().isEmpty() ? "" : " in " + f.table()) + ": " + f.detail());
      if (!f.action().isEmpty()) {
        out.println("  -> " + f.action());
      }
    }
    if (r.findings().isEmpty()) {
      out.println("Status: OK");
    } else {
      out.printf("Status: %s (%d problem(s), %d fixed)%n", r.consistentNow() ? "OK"
          : "INCONSISTENT", r.findings().size(), fixed);
    }
  }
}
