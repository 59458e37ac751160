package io.strata.shell.perf;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The suite's private standalone Strata: its configuration, data, logs and pid files in a fresh
 * temporary directory, its ZooKeeper and RPC ports chosen free by the system, started and
 * stopped with {@code bin/strata} as a user would. Closing it stops the standalone and removes
 * the directory; so does the JVM's shutdown when the suite is interrupted.
 */
final class SuiteServer implements Closeable {
  /** Longest a {@code bin/strata} or pe child may take (a full-size pe write takes seconds). */
  private static final long CHILD_MINUTES = 10;

  private final Path home;
  private final Path dir;
  private final Thread cleanup = new Thread(this::stopQuietly, "perf-suite-cleanup");
  private String zookeeper;
  private long pid;
  private boolean closed;

  private SuiteServer(Path home, Path dir) {
    this.home = home;
    this.dir = dir;
  }

  /**
   * Starts a standalone of {@code heap} (as STRATA_HEAPSIZE says it) from the checkout, all of
   * it committed and touched at start when {@code touched} (a benchmark's server), else grown on
   * demand (as {@code bin/strata start} runs a standalone).
   */
  static SuiteServer start(Path home, String heap, boolean touched)
      throws IOException, InterruptedException {
    Path dir = Files.createTempDirectory("strata-perf-suite-");
    SuiteServer s = new SuiteServer(home, dir);
    Runtime.getRuntime().addShutdownHook(s.cleanup);
    try {
      Files.createDirectories(dir.resolve("conf"));
      Files.copy(home.resolve("conf/log4j2.xml"), dir.resolve("conf/log4j2.xml"));
      Files.writeString(dir.resolve("conf/strata-site.xml"), "<?xml version=\"1.0\"?>\n"
          + "<configuration></configuration>\n");
      Map<String, String> env = s.env();
      env.put("STRATA_HEAPSIZE", heap);
      env.put("STRATA_OPTS", "-Dstrata.rootdir=" + dir.resolve("data").toUri()
          + " -Dstrata.zookeeper.quorum=127.0.0.1:0 -Dstrata.master.port=0"
          + " -Dstrata.regionserver.port=0"
          + (touched ? " -XX:InitialRAMPercentage=100 -XX:+AlwaysPreTouch" : ""));
      s.run(env, List.of(home.resolve("bin/strata").toString(), "start"), "start.out");
      s.pid = Long.parseLong(Files.readString(dir.resolve("pids/strata-standalone.pid")).trim());
      for (String line : Files.readAllLines(dir.resolve("pids/strata-standalone.info"))) {
        if (line.startsWith("zookeeper=")) {
          s.zookeeper = line.substring("zookeeper=".length()).trim();
        }
      }
      if (s.zookeeper == null) {
        throw new IOException("the suite's standalone did not say its ZooKeeper address");
      }
      return s;
    } catch (IOException | InterruptedException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  /** The environment of every child: the suite's own configuration, logs and pid files. */
  private Map<String, String> env() {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("STRATA_CONF_DIR", dir.resolve("conf").toString());
    env.put("STRATA_LOG_DIR", dir.resolve("logs").toString());
    env.put("STRATA_PID_DIR", dir.resolve("pids").toString());
    env.remove("STRATA_HEAPSIZE");
    env.remove("STRATA_OPTS");
    return env;
  }

  /**
   * Runs pe with {@code args} (then {@code --json} into the suite's directory) in the JVM
   * {@code jvm} says, over TCP or through local connections; returns its figures.
   */
  PeFigures pe(List<String> args, SuiteRow.ClientJvm jvm, boolean tcp, String name)
      throws IOException, InterruptedException {
    Path json = dir.resolve(name + ".json");
    String clientOpts = "-Dstrata.zookeeper.quorum=" + zookeeper
        + " -Dstrata.rpc.local.sockets=" + !tcp;
    List<String> cmd = new ArrayList<>();
    Map<String, String> env = env();
    if (jvm == SuiteRow.ClientJvm.PE) {
      cmd.add(home.resolve("bin/strata").toString());
      cmd.add("pe");
      env.put("STRATA_OPTS", clientOpts);
    } else {
      cmd.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Xmx2g", "-Dstrata.conf.dir=" + dir.resolve("conf"),
          "-Dlog4j2.configurationFile=" + dir.resolve("conf/log4j2.xml"),
          "-Dstrata.log.dir=" + dir.resolve("logs"), "-Dstrata.log.file=strata-pe-plain.log"));
      cmd.addAll(List.of(clientOpts.split(" ")));
      cmd.addAll(List.of("-cp", System.getProperty("java.class.path"),
          "io.strata.shell.pe.PeMain"));
    }
    cmd.add("--json=" + json);
    cmd.add("--seed=1");
    cmd.addAll(args);
    run(env, cmd, name + ".out");
    return PeFigures.read(json);
  }

  /** Starts the busy program of the crowded rows: {@code threads} threads, for at most an hour. */
  Process busy(int threads) throws IOException {
    return new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), BusyLoop.class.getName(),
        Integer.toString(threads), "3600").redirectErrorStream(true)
        .redirectOutput(dir.resolve("busy.out").toFile()).start();
  }

  /**
   * Waits until the server is idle (its compactions and flushes done): under 5% of a processor
   * over each of two half-seconds in a row, or {@code maxSeconds} have passed.
   */
  void awaitIdle(long maxSeconds) throws InterruptedException {
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    if (!Files.isReadable(stat)) {
      return; // not Linux: no way to look, so no wait
    }
    long ticksPerSecond = 100; // USER_HZ, 100 on every Linux the JVM runs on
    long start = System.nanoTime();
    long deadline = start + TimeUnit.SECONDS.toNanos(maxSeconds);
    long before = cpuTicks(stat);
    int quiet = 0;
    while (System.nanoTime() < deadline) {
      Thread.sleep(500);
      long now = cpuTicks(stat);
      // Under 5% of each of two half-seconds in a row: a compaction between its chunks is not
      // idle yet.
      quiet = (now - before) * 100 < ticksPerSecond * 5 / 2 ? quiet + 1 : 0;
      if (quiet == 2) {
        long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        if (waited > 2_000) {
          System.err.printf("perf-suite: the server was idle after %.1f s%n", waited / 1e3);
        }
        return;
      }
      before = now;
    }
    System.err.printf("perf-suite: the server is still busy after %d s; going on%n",
        maxSeconds);
  }

  private static long cpuTicks(Path stat) {
    try {
      String s = Files.readString(stat);
      String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
      return Long.parseLong(f[11]) + Long.parseLong(f[12]); // utime, stime
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Runs a child to its end, its output in {@code out}; an IOException with its tail if it failed. */
  private void run(Map<String, String> env, List<String> cmd, String out)
      throws IOException, InterruptedException {
    Path log = dir.resolve(out);
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(home.toFile())
        .redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().clear();
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getOutputStream().close();
    if (!p.waitFor(CHILD_MINUTES, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new IOException(String.join(" ", cmd) + " did not finish in " + CHILD_MINUTES
          + " minutes");
    }
    if (p.exitValue() != 0) {
      throw new IOException(String.join(" ", cmd) + " failed (exit " + p.exitValue() + "):\n  "
          + String.join("\n  ", tail(log, 10)), new RunFailed(String.join("\n",
              tail(dir.resolve("logs/strata-standalone.log"), 30))));
    }
  }

  /** Why a child failed, with the end of the server's log, kept before the directory goes. */
  static final class RunFailed extends Exception {
    private final String serverLogTail;

    RunFailed(String serverLogTail) {
      super("a child of the suite failed", null, false, false);
      this.serverLogTail = serverLogTail;
    }

    String serverLogTail() {
      return serverLogTail;
    }
  }

  private static List<String> tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
      return all.subList(Math.max(0, all.size() - lines), all.size());
    } catch (IOException e) {
      return List.of("(" + file + " cannot be read: " + e.getMessage() + ")");
    }
  }

  @Override
  public void close() {
    stopQuietly();
    try {
      Runtime.getRuntime().removeShutdownHook(cleanup);
    } catch (IllegalStateException e) {
      // the JVM is shutting down: the hook runs this anyway
    }
  }

  /** Stops the standalone (killing it if a clean stop fails) and removes the directory. */
  private synchronized void stopQuietly() {
    if (closed) {
      return;
    }
    closed = true;
    if (Files.exists(dir.resolve("pids/strata-standalone.pid"))) {
      try {
        run(env(), List.of(home.resolve("bin/strata").toString(), "stop"), "stop.out");
      } catch (IOException | InterruptedException e) {
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      }
    }
    try (Stream<Path> all = Files.walk(dir)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      System.err.println("perf-suite: could not remove " + dir + ": " + e.getMessage());
    }
  }
}
