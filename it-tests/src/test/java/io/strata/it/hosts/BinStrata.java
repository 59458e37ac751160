package io.strata.it.hosts;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs {@code bin/strata} as an operator would, for the tests of a cluster's launcher. */
public final class BinStrata {
  public static final Path ROOT = Path.of(System.getProperty("strata.source.root", ".."));

  /** What a run printed, and its exit status. */
  public record Run(int exit, String out, String err) {}

  private BinStrata() {}

  /** {@code bin/strata ARGS} with {@code env}, its output kept in files under {@code dir}. */
  public static Run run(Path dir, Map<String, String> env, String... args) throws Exception {
    return start(dir, env, args).await(Duration.ofMinutes(5));
  }

  /** A run of {@code bin/strata} going on in the background. */
  public record Running(Process process, Path out, Path err, List<String> args) {
    /** Waits for it to end; kills it and fails when {@code timeout} passes first. */
    public Run await(Duration timeout) throws Exception {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        throw new AssertionError("bin/strata " + String.join(" ", args) + " did not finish in "
            + timeout.toSeconds() + " s: " + Files.readString(out) + Files.readString(err));
      }
      return new Run(process.exitValue(), Files.readString(out), Files.readString(err));
    }
  }

  /** Starts {@code bin/strata ARGS} with {@code env} and returns while it runs. */
  public static Running start(Path dir, Map<String, String> env, String... args)
      throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(ROOT.resolve("bin/strata").toString());
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(ROOT.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getOutputStream().close();
    return new Running(p, out, err, List.of(args));
  }

  /** A port free on {@code host} now. */
  public static int freePort(String host) throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(host, 0));
      return s.getLocalPort();
    }
  }

  /** A failed test leaves no daemon running: every pid file's process is killed. */
  public static void killLeftovers(Path pids) throws IOException {
    if (!Files.isDirectory(pids)) {
      return;
    }
    try (var files = Files.list(pids)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".pid")).toList()) {
        long pid = Long.parseLong(Files.readString(p, StandardCharsets.UTF_8).trim());
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
      }
    }
  }
}
