package io.strata.it.hosts;

import io.strata.it.minicluster.MiniCluster;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One Strata daemon ({@code zookeeper}, {@code master} or {@code regionserver}) in a child JVM,
 * as {@code bin/strata} runs it: the launcher's main class, configured by {@code -Dkey=value}.
 * Its output goes to {@code <name>.out} in its directory; it is killed with the test.
 */
public final class Daemon implements AutoCloseable {
  private final String name;
  private final Path dir;
  private final Process process;
  private final Map<String, String> info;

  private Daemon(String name, Path dir, Process process, Map<String, String> info) {
    this.name = name;
    this.dir = dir;
    this.process = process;
    this.info = info;
  }

  /**
   * Starts {@code mode} with {@code settings} and waits until it serves (it writes its info
   * file), up to two minutes.
   */
  public static Daemon start(String mode, String name, Path dir, List<String> settings)
      throws IOException, InterruptedException {
    return start(List.of(), mode, name, dir, settings);
  }

  /** The same, run through {@code prefix} (a command that runs it on a host, say). */
  public static Daemon start(List<String> prefix, String mode, String name, Path dir,
      List<String> settings) throws IOException, InterruptedException {
    Files.createDirectories(dir);
    Path infoFile = dir.resolve(name + ".info");
    Files.deleteIfExists(infoFile);
    Path out = dir.resolve(name + ".out");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    // A killed JVM removes none of its temporary files (local sockets, JNI libraries).
    Path tmp = Files.createDirectories(dir.resolve(name + "-tmp"));
    // Small, quick-starting JVMs: a test runs up to nine of them on two cores.
    List<String> cmd = new ArrayList<>(prefix);
    cmd.addAll(List.of(java, "-Xmx384m", "-XX:+UseSerialGC", "-XX:+ExitOnOutOfMemoryError",
        "-XX:TieredStopAtLevel=1", "-Djava.io.tmpdir=" + tmp, "-Dstrata.info.file=" + infoFile,
        "-Dstrata.blockcache.l1.heap.fraction=0.05",
        "-Dlog4j2.configurationFile=" + System.getProperty("log4j2.configurationFile", "")));
    cmd.addAll(settings);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"),
        "io.strata.server.launcher.StrataMain", mode));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile())
        .start();
    try {
      MiniCluster.waitFor(() -> {
        if (!p.isAlive()) {
          throw new AssertionError(name + " died starting: " + read(out));
        }
        return Files.exists(infoFile);
      }, Duration.ofMinutes(2), name + " to start");
      Map<String, String> info = new LinkedHashMap<>();
      for (String line : Files.readAllLines(infoFile)) {
        int eq = line.indexOf('=');
        if (eq > 0) {
          info.put(line.substring(0, eq), line.substring(eq + 1));
        }
      }
      return new Daemon(name, dir, p, info);
    } catch (RuntimeException | Error e) {
      p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      throw e;
    }
  }

  public String name() {
    return name;
  }

  /** A line of its info file: {@code master}, {@code regionserver}, {@code zookeeper}, ... */
  public String info(String key) {
    return info.get(key);
  }

  public boolean isAlive() {
    return process.isAlive();
  }

  public long pid() {
    return process.pid();
  }

  /** kill -9: the process ends at once, as in a crash. */
  public void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
  }

  /** SIGTERM, and waits for the clean stop. */
  public void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(2, TimeUnit.MINUTES)) {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      throw new AssertionError(name + " did not stop within 2 minutes of SIGTERM");
    }
  }

  public String output() {
    return read(dir.resolve(name + ".out"));
  }

  private static String read(Path out) {
    try {
      return Files.readString(out);
    } catch (IOException e) {
      return "(no output: " + e + ")";
    }
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) {
      process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }
}
