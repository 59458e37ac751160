package io.strata.shell.perf;

import io.strata.shell.perf.SuiteRow.ClientJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code bin/strata perf-suite [--quick] [--json FILE]}: starts a private standalone in a
 * temporary directory, fills a table with pe, then runs the pe commands of the summary in a
 * fixed order, each after a warm-up of the server (for reads, a scan of the whole table first, so
 * that every block is cached) and a wait for it to be idle, over TCP and then
 * through local connections; prints the summary table in Markdown (the one in
 * docs/performance.md), writes the figures as JSON, and stops and removes all it started.
 * {@code --quick} runs the same at a tenth of the size. Exit status 0 on success, 1 when a run
 * failed, 2 for a command line it cannot run.
 */
public final class PerfSuiteMain {
  private PerfSuiteMain() {}

  /**
   * The suite's sizes: rows in the table, rows a buffered write writes (half the table, so that
   * the writes of the whole suite stay within what compactions on two cores keep up with),
   * operations a single-row client runs, the server's heap, the longest wait for it to be idle.
   */
  record Sizes(long tableRows, long writeRows, long ops, String heap, long idleSeconds) {
    static Sizes of(boolean quick) {
      return quick ? new Sizes(100_000, 50_000, 10_000, "1g", 30)
          : new Sizes(1_000_000, 500_000, 100_000, "4g", 120);
    }
  }

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String[] args) {
    boolean quick = false;
    boolean touched = true;
    Path json = null;
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--quick")) {
        quick = true;
      } else if (a.equals("--heap-on-demand")) {
        touched = false;
      } else if (a.startsWith("--json=")) {
        json = Path.of(a.substring("--json=".length()));
      } else if (a.equals("--json") && i + 1 < args.length) {
        json = Path.of(args[++i]);
      } else if (a.equals("-h") || a.equals("--help")) {
        System.out.print(usage());
        return 0;
      } else {
        System.err.println("bin/strata perf-suite: unknown argument '" + a + "'");
        System.err.print(usage());
        return 2;
      }
    }
    Path home = Path.of(System.getProperty("strata.home", "."));
    try {
      long start = System.nanoTime();
      String report = runSuite(home, Sizes.of(quick), quick, touched, json);
      System.out.print(report);
      System.err.printf("perf-suite: done in %d s%n",
          TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start));
      return 0;
    } catch (IOException e) {
      System.err.println("bin/strata perf-suite: " + e.getMessage());
      if (e.getCause() instanceof SuiteServer.RunFailed f) {
        System.err.println("The end of the standalone's log:\n" + f.serverLogTail());
      }
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      System.err.println("bin/strata perf-suite: interrupted");
      return 1;
    }
  }

  static String usage() {
    return "Usage: bin/strata perf-suite [--quick] [--heap-on-demand] [--json FILE]\n"
        + "Starts a private standalone in a temporary directory, runs the pe commands of the\n"
        + "summary in docs/performance.md over TCP and through local connections, prints the\n"
        + "summary table in Markdown, and stops and removes everything it started.\n"
        + "  --quick      a tenth of the size (a 100,000-row table), in a few minutes\n"
        + "  --heap-on-demand  the server's heap grown as it is used, as bin/strata start runs\n"
        + "               a standalone, not all committed and touched at start\n"
        + "  --json FILE  also write the figures as JSON\n";
  }

  /** The summary's rows, in the order they run. */
  static List<SuiteRow> rows(Sizes s) {
    String table = "--rows=" + s.tableRows();
    String writes = "--rows=" + s.writeRows();
    String ops = "--rows=" + s.ops();
    List<SuiteRow> rows = new ArrayList<>();
    for (List<String> args : List.of(
        List.of(ops, "randomRead", "1"),
        List.of(ops, "randomRead", "4"),
        List.of(ops, "sequentialRead", "1"),
        List.of(table, "scan", "1"),
        List.of(ops, "increment", "1"),
        List.of(ops, "--autoFlush=true", "randomWrite", "1"),
        List.of(writes, "randomWrite", "1"),
        List.of(writes, "sequentialWrite", "1"),
        List.of("--rows=" + s.writeRows() / 4, "sequentialWrite", "4"))) {
      rows.add(new SuiteRow(args, ClientJvm.PE, false));
    }
    for (List<String> args : List.of(
        List.of(ops, "randomRead", "1"),
        List.of(writes, "randomWrite", "1"),
        List.of(table, "scan", "1"))) {
      rows.add(new SuiteRow(args, ClientJvm.PLAIN, false));
    }
    String crowdedOps = "--rows=" + s.ops() / 4;
    rows.add(new SuiteRow(List.of(crowdedOps, "randomRead", "1"), ClientJvm.PE, true));
    rows.add(new SuiteRow(List.of(crowdedOps, "increment", "1"), ClientJvm.PE, true));
    return rows;
  }

  private static String runSuite(Path home, Sizes s, boolean quick, boolean touched, Path json)
      throws IOException, InterruptedException {
    int busyThreads = Runtime.getRuntime().availableProcessors();
    List<SuiteReport.Measured> measured = new ArrayList<>();
    System.err.println("perf-suite: a bare loopback TCP round trip");
    double floor = LoopbackRoundTrip.p50Micros((int) Math.min(100_000, s.ops()));
    System.err.printf("perf-suite: a bare loopback TCP round trip: p50 %.1f µs%n", floor);
    System.err.printf("perf-suite: starting a standalone (heap %s) in a temporary directory%n",
        s.heap());
    try (SuiteServer server = SuiteServer.start(home, s.heap(), touched)) {
      System.err.printf("perf-suite: writing the table, %,d rows%n", s.tableRows());
      server.pe(List.of("--rows=" + s.tableRows(), "sequentialWrite", "1"), ClientJvm.PE,
          false, "load");
      int n = 0;
      for (SuiteRow row : rows(s)) {
        n++;
        String what = "`" + row.command() + "`" + (row.conditions(busyThreads).isEmpty() ? ""
            : ", " + row.conditions(busyThreads));
        server.awaitIdle(s.idleSeconds());
        System.err.printf("perf-suite: %s: warm-up%n", what);
        if (row.reads()) { // every block of the table into the cache, as the writes left it
          server.pe(List.of("--rows=" + s.tableRows(), "scan", "1"), ClientJvm.PE, false,
              n + "-warmup-scan");
        }
        server.pe(row.withRows(Math.max(1_000, row.rows() / 5)).peArgs(), ClientJvm.PE, false,
            n + "-warmup");
        server.awaitIdle(s.idleSeconds());
        Process busy = row.crowded() ? server.busy(busyThreads) : null;
        try {
          System.err.printf("perf-suite: %s: over TCP%n", what);
          PeFigures tcp = server.pe(row.peArgs(), row.jvm(), true, n + "-tcp");
          System.err.printf("perf-suite: %s: over TCP: %s%n", what, tcp);
          if (busy == null) {
            server.awaitIdle(s.idleSeconds());
          }
          System.err.printf("perf-suite: %s: local%n", what);
          PeFigures local = server.pe(row.peArgs(), row.jvm(), false, n + "-local");
          System.err.printf("perf-suite: %s: local: %s%n", what, local);
          measured.add(new SuiteReport.Measured(row, tcp, local));
        } finally {
          if (busy != null) {
            busy.destroyForcibly().waitFor();
          }
        }
      }
    }
    String commit = commit(home);
    String date = LocalDate.now(ZoneOffset.UTC).toString();
    if (json != null) {
      Files.writeString(json, SuiteReport.json(commit, date, quick, s.heap(), touched,
          busyThreads, floor, measured), StandardCharsets.UTF_8);
    }
    String heading = String.format("Measured by `bin/strata perf-suite%s` on %s (%s): %d"
        + " processors, a standalone with a %s heap %s, a table of %,d rows of 1,000 bytes. TCP:"
        + " the client with `-Dstrata.rpc.local.sockets=false`, as a client on another host;"
        + " local: through the server's local socket and a shared-memory lane.", (quick
        ? " --quick" : "") + (touched ? "" : " --heap-on-demand"), commit, date, busyThreads,
        s.heap(), touched ? "committed and touched at start" : "grown on demand", s.tableRows());
    return SuiteReport.markdown(heading, measured, busyThreads) + "\n"
        + SuiteReport.floor(floor);
  }

  /** The checkout's commit, marked when its code differs from it; "unknown" without git. */
  private static String commit(Path home) {
    try {
      String head = git(home, "rev-parse", "--short", "HEAD").trim();
      // Only changed code and configuration make the figures another build's, not documents.
      boolean changed = !git(home, "status", "--porcelain", "--untracked-files=no", "--", ".",
          ":!docs", ":!*.md").isBlank();
      return head.isEmpty() ? "unknown" : changed ? head + " with changes" : head;
    } catch (IOException e) {
      return "unknown";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  private static String git(Path home, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of("git", "-C", home.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return p.waitFor() == 0 ? out : "";
  }
}
