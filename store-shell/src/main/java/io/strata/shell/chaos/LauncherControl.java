package io.strata.shell.chaos;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Controls a cluster started by {@code bin/strata start}: each step runs {@code bin/strata ROLE
 * kill|start --host HOST}, which reaches another machine over ssh and a loopback alias of this
 * one directly, as the start did. Output goes to the tool's log stream.
 */
public final class LauncherControl implements ClusterControl {
  private static final long STEP_TIMEOUT_MINUTES = 10;

  private final Path launcher;
  private final PrintStream log;

  public LauncherControl(Path strataHome, PrintStream log) {
    this.launcher = strataHome.resolve("bin/strata");
    this.log = log;
    if (!Files.isExecutable(launcher)) {
      throw new IllegalArgumentException(launcher + " is not there or not executable; run the "
          + "tool through bin/strata, which says where Strata is installed (strata.home)");
    }
  }

  /** The installation this JVM was started from by bin/strata ({@code -Dstrata.home}). */
  public static LauncherControl fromSystem(PrintStream log) {
    String home = System.getProperty("strata.home");
    if (home == null || home.isEmpty()) {
      throw new IllegalArgumentException("strata.home is not set; run this tool through "
          + "bin/strata");
    }
    return new LauncherControl(Path.of(home), log);
  }

  @Override
  public void kill(Role role, String host) throws IOException {
    run(role.command(), "kill", "--host", host);
  }

  @Override
  public void start(Role role, String host) throws IOException {
    run(role.command(), "start", "--host", host);
  }

  @Override
  public void gracefulRestart(String host) throws IOException {
    run("graceful_stop", "--reload", host);
  }

  private void run(String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(launcher.toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out;
    try {
      out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(STEP_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", cmd) + " did not finish in "
            + STEP_TIMEOUT_MINUTES + " minutes");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted running " + String.join(" ", cmd));
    }
    for (String line : out.split("\n")) {
      if (!line.isBlank()) {
        log.println("    | " + line);
      }
    }
    if (p.exitValue() != 0) {
      throw new IOException("bin/strata " + String.join(" ", args) + " failed (exit "
          + p.exitValue() + ")");
    }
  }
}
