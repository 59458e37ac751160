package io.strata.shell.pe;

import io.strata.common.conf.StrataConfiguration;
import java.io.PrintStream;

/**
 * {@code bin/strata pe [options] <command> <clients>}: Strata's performance evaluation tool,
 * with the commands, options, row counts and key layout of HBase's PerformanceEvaluation, so
 * that results compare row for row. Clients are threads in this JVM, against the cluster of
 * {@code conf/strata-site.xml}. Exit status 0 on success, 1 when the run failed, 2 for a
 * command line it cannot run.
 */
public final class PeMain {
  private PeMain() {}

  public static void main(String[] args) {
    int status = run(args, StrataConfiguration.create(), System.out, System.err);
    System.out.flush();
    System.exit(status);
  }

  /** Runs pe as the command line asks against the cluster {@code conf} names. */
  public static int run(String[] args, StrataConfiguration conf, PrintStream out,
      PrintStream err) {
    for (String a : args) {
      if (a.equals("-h") || a.equals("--help") || a.equals("help")) {
        out.print(usage());
        return 0;
      }
    }
    PeArgs.Parsed parsed;
    try {
      parsed = PeArgs.parse(args);
    } catch (IllegalArgumentException e) {
      err.println("bin/strata pe: " + e.getMessage());
      if (args.length == 0) {
        err.print(usage());
      }
      return 2;
    }
    PeOptions o = parsed.options();
    err.printf("pe: %s, %d client%s, %,d rows each over %,d rows, %d-byte values, table %s,"
        + " seed %d%n", o.command.commandName(), o.clients, o.clients == 1 ? "" : "s",
        o.perClientRows, o.totalRows, o.valueSize, o.table, o.seed);
    try {
      PeRunner.Results r = new PeRunner(conf, o, err).run();
      PeReport.printText(o, r.clients(), r.total(), out);
      if (o.json != null) {
        PeReport.writeJson(o, r.clients(), r.total(), o.json);
      }
      return 0;
    } catch (PeUsageException e) {
      err.println("bin/strata pe: " + e.getMessage());
      return 2;
    } catch (Exception e) {
      err.println("bin/strata pe: " + o.command.commandName() + " failed: " + e.getMessage());
      if (e.getCause() != null && e.getCause() != e) {
        err.println("  caused by: " + e.getCause());
      }
      return 1;
    }
  }

  static String usage() {
    return "Usage: bin/strata pe [options] <command> <clients>\n"
        + "Runs <clients> threads of <command> against the cluster of conf/strata-site.xml"
        + " and\nreports rows/s, MB/s and latency percentiles per client and in total.\n\n"
        + "Commands:\n" + PeCommand.commandsHelp() + "\nOptions (--name=value or --name"
        + " value):\n" + PeArgs.optionsHelp()
        + "\nRows: client i runs rows i*rows .. (i+1)*rows-1 (26-digit keys); random commands"
        + " pick\nfrom all clients' rows. Read commands need a write command's table first:\n"
        + "  bin/strata pe --rows=100000 sequentialWrite 1\n"
        + "  bin/strata pe --rows=100000 randomRead 4\n";
  }
}
