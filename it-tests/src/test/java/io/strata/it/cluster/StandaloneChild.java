package io.strata.it.cluster;

import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A standalone cluster in a child JVM (the launcher's main class, as {@code bin/strata start}
 * runs it) over the root directory {@code root}: for tests that kill, stop or freeze a real
 * server process. Its output goes to {@code child.out} in the root.
 */
final class StandaloneChild implements AutoCloseable {
  private final Path root;
  private final Process process;
  private final String zookeeper;
  private final String regionServer;

  private StandaloneChild(Path root, Process process, String zookeeper, String regionServer) {
    this.root = root;
    this.process = process;
    this.zookeeper = zookeeper;
    this.regionServer = regionServer;
  }

  /** Starts a child over {@code root}; {@code info} is where it writes its addresses. */
  static StandaloneChild start(Path root, Path info) throws Exception {
    return start(root, info, List.of());
  }

  /** The same, with {@code settings} ({@code -Dkey=value}) after the test's own. */
  static StandaloneChild start(Path root, Path info, List<String> settings) throws Exception {
    Files.deleteIfExists(info);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // Its temporary files (local sockets, unpacked JNI libraries) under the test's directory: a
    // killed JVM removes none of them itself.
    Path tmp = Files.createDirectories(root.resolve("child-tmp"));
    List<String> cmd = new ArrayList<>(List.of(java, "-Xmx512m", "-Djava.io.tmpdir=" + tmp,
        "-Dstrata.rootdir=" + root.toUri(), "-Dstrata.zookeeper.quorum=127.0.0.1:0",
        "-Dstrata.master.port=0", "-Dstrata.regionserver.port=0",
        "-Dstrata.blockcache.l1.heap.fraction=0.05",
        "-Dstrata.info.file=" + info,
        "-Dlog4j2.configurationFile=" + System.getProperty("log4j2.configurationFile", "")));
    cmd.addAll(settings);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"),
        "io.strata.server.launcher.StrataMain", "standalone"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(root.resolve("child.out").toFile()).start();
    try {
      MiniCluster.waitFor(() -> {
        if (!p.isAlive()) {
          throw new AssertionError("the standalone child died: " + output(root));
        }
        return Files.exists(info);
      }, Duration.ofMinutes(2), "the standalone child to start");
      String zookeeper = null;
      String regionServer = null;
      for (String line : Files.readAllLines(info)) {
        if (line.startsWith("zookeeper=")) {
          zookeeper = line.substring("zookeeper=".length());
        } else if (line.startsWith("regionserver=")) {
          regionServer = line.substring("regionserver=".length());
        }
      }
      if (zookeeper != null && regionServer != null) {
        return new StandaloneChild(root, p, zookeeper, regionServer);
      }
      throw new AssertionError("no zookeeper or region server address in "
          + Files.readAllLines(info));
    } catch (Exception | Error e) {
      p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      throw e;
    }
  }

  /** The child's ZooKeeper address, for a client's {@code strata.zookeeper.quorum}. */
  String zookeeper() {
    return zookeeper;
  }

  /** The child's region server RPC address, host:port. */
  String regionServer() {
    return regionServer;
  }

  Process process() {
    return process;
  }

  /** Sends the child a signal by name ({@code STOP}, {@code CONT}) through {@code kill}. */
  void signal(String name) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid()))
        .redirectErrorStream(true).start();
    if (!kill.waitFor(30, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new IOException("kill -" + name + " " + process.pid() + " failed: "
          + new String(kill.getInputStream().readAllBytes()));
    }
  }

  /**
   * Freezes the child with SIGSTOP and waits until every one of its threads is stopped: kill
   * returns once the signal is sent, and a thread still running meanwhile (a network thread
   * polling a shared-memory lane answers within microseconds) could serve a call the test
   * means to send to a frozen server.
   */
  void freeze() throws IOException, InterruptedException {
    signal("STOP");
    Path tasks = Path.of("/proc", Long.toString(process.pid()), "task");
    MiniCluster.waitFor(() -> allStopped(tasks), Duration.ofSeconds(30),
        "every thread of the child " + process.pid() + " to stop");
  }

  /** Whether every thread under {@code tasks} is in state T (stopped), as /proc tells. */
  private static boolean allStopped(Path tasks) {
    try (var threads = Files.list(tasks)) {
      return threads.allMatch(t -> {
        try {
          String stat = Files.readString(t.resolve("stat"));
          // "pid (name) S ...": the state follows the name, which may itself hold parentheses
          return stat.charAt(stat.lastIndexOf(')') + 2) == 'T';
        } catch (IOException gone) {
          return true; // a thread that ended runs nothing
        }
      });
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot read the child's threads in " + tasks, e);
    }
  }

  String output() {
    return output(root);
  }

  private static String output(Path root) {
    try {
      return Files.readString(root.resolve("child.out"));
    } catch (IOException e) {
      return "(no output: " + e + ")";
    }
  }

  /** Kills the child (SIGCONT first, should it be stopped) and waits for it to end. */
  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      try {
        signal("CONT");
      } catch (IOException e) {
        // it is being killed anyway
      }
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }
}
