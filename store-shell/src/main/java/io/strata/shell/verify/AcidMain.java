package io.strata.shell.verify;

import io.strata.shell.options.ToolOptions;
import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.TableName;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code bin/strata acid}: a check that a row changes atomically, in the manner of HBase's
 * TestAcidGuarantees. Writers put whole rows of 30 cells with one value ({@link AcidWriter});
 * getters and scanners read rows back and check each is whole ({@link AcidReaders},
 * {@link AcidCheck}). What is checked is what is promised: one row's Put lands whole and is
 * read whole, by Get and by Scan. A multi-row batch is not atomic across its rows (in HBase
 * neither), so rows are never compared with each other.
 *
 * <p>It is meant to run beside {@code bin/strata chaos}: errors (a killed server) are counted
 * by kind and the run carries on; only torn reads fail it. Exit status 0 when no read was torn,
 * 1 when one was (or the table could not be prepared), 2 for a command line it cannot run.
 */
public final class AcidMain {
  private static final String TOOL = "bin/strata acid";
  private static final long PROGRESS_SECONDS = 10;
  /** How long threads may take to finish the call they are in once the time is up. */
  private static final long STOP_GRACE_SECONDS = 120;

  private AcidMain() {}

  public static void main(String[] args) {
    System.exit(run(args, StrataConfiguration.create(), System.out, System.err));
  }

  static String usage() {
    return "Usage: " + TOOL + " [--duration=1m] [--writers=2] [--getters=2] [--scanners=1]\n"
        + "                       [--rows=10] [--seed=S] [--table=NAME]\n"
        + "  Writers put whole rows test_row_0..test_row_{rows-1}: families A, B, C, columns\n"
        + "  col0..col9, all 30 cells one value; every 10th write is a multi-row batch.\n"
        + "  Getters (Get) and scanners (full Scan) check every row they read is whole: no\n"
        + "  cells, or all 30 with one value. Each row of a batch must be whole; the batch\n"
        + "  need not be atomic across rows (HBase does not promise it either), so rows are\n"
        + "  not compared with each other.\n"
        + "  --duration  how long to run: 90s, 5m, 2h (a bare number is seconds)\n"
        + "  --table     default " + AcidTable.DEFAULT_NAME + ", created if absent\n"
        + "  Errors (e.g. servers killed by bin/strata chaos) are counted and the run goes\n"
        + "  on; exit status 1 when any read was torn, else 0.\n";
  }

  public static int run(String[] args, StrataConfiguration conf, PrintStream out,
      PrintStream err) {
    ToolOptions o;
    TableName table;
    Duration duration;
    int writers;
    int getters;
    int scanners;
    int rows;
    long seed;
    try {
      o = ToolOptions.parse(args, Set.of("table", "duration", "writers", "getters", "scanners",
          "rows", "seed"));
      if (o.help()) {
        out.print(usage());
        return 0;
      }
      o.noWords();
      table = tableName(o.string("table", AcidTable.DEFAULT_NAME));
      duration = o.duration("duration", Duration.ofMinutes(1));
      writers = o.intValue("writers", 2, 0, 1000);
      getters = o.intValue("getters", 2, 0, 1000);
      scanners = o.intValue("scanners", 1, 0, 1000);
      rows = o.intValue("rows", 10, 1, 1_000_000);
      seed = o.has("seed") ? o.longValue("seed", 0, Long.MIN_VALUE)
          : new SplittableRandom().nextLong();
      if (writers + getters + scanners == 0) {
        throw new ToolOptions.BadUsage("--writers, --getters and --scanners are all 0; give "
            + "at least one of them");
      }
    } catch (ToolOptions.BadUsage e) {
      err.println(TOOL + ": " + e.getMessage());
      err.print(usage());
      return 2;
    }
    out.println("acid: " + writers + " writer(s), " + getters + " getter(s), " + scanners
        + " scanner(s) on " + rows + " row(s) of '" + table + "' for " + shown(duration)
        + ", seed " + seed);
    AcidStats stats = new AcidStats(err);
    AtomicBoolean stop = new AtomicBoolean();
    try (Connection conn = ConnectionFactory.createConnection(conf)) {
      try (Admin admin = conn.getAdmin()) {
        AcidTable.createIfAbsent(admin, table, out);
      }
      SplittableRandom root = new SplittableRandom(seed);
      ExecutorService pool = Executors.newFixedThreadPool(writers + getters + scanners);
      for (int w = 0; w < writers; w++) {
        pool.execute(new AcidWriter(conn, table, w, rows, root.split(), stop, stats));
      }
      for (int g = 0; g < getters; g++) {
        pool.execute(AcidReaders.getter(conn, table, rows, root.split(), stop, stats));
      }
      for (int s = 0; s < scanners; s++) {
        pool.execute(AcidReaders.scanner(conn, table, stop, stats));
      }
      pool.shutdown();
      runFor(duration, stats, out);
      stop.set(true);
      if (!pool.awaitTermination(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
        err.println("acid: some threads were still in a call " + STOP_GRACE_SECONDS
            + " s after the end; interrupting them");
        pool.shutdownNow();
      }
    } catch (IOException | RuntimeException e) {
      err.println(TOOL + ": " + e.getMessage());
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println(TOOL + ": interrupted; reporting what was checked so far");
    } finally {
      stop.set(true);
    }
    stats.report(out);
    return stats.torn() > 0 ? 1 : 0;
  }

  private static TableName tableName(String name) {
    try {
      return TableName.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new ToolOptions.BadUsage("--table=" + name + ": " + e.getMessage());
    }
  }

  /** {@code 90s}, {@code 5m} or {@code 2h}: a duration as it is given. */
  private static String shown(Duration d) {
    long s = d.getSeconds();
    return s % 3600 == 0 ? s / 3600 + "h" : s % 60 == 0 ? s / 60 + "m" : s + "s";
  }

  /** Sleeps out the run, printing progress. */
  private static void runFor(Duration duration, AcidStats stats, PrintStream out)
      throws InterruptedException {
    long end = System.nanoTime() + duration.toNanos();
    long left;
    while ((left = end - System.nanoTime()) > 0) {
      TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.SECONDS.toNanos(PROGRESS_SECONDS)));
      out.println("acid: " + stats.progress());
    }
  }
}
