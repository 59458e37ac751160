package io.strata.it.hosts;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs {@code bin/strata} as an operator would, for the tests of a cluster's launcher. */
final class BinStrata {
  static final Path ROOT = Path.of(System.getProperty("strata.source.root", ".."));

  /** What a run printed, and its exit status. */
  record Run(int exit, String out, String err) {}

  private BinStrata() {}

  /** {@code bin/strata ARGS} with {@code env}, its output kept in files under {@code dir}. */
  static Run run(Path dir, Map<String, String> env, String... args) throws Exception {
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
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      throw new AssertionError("bin/strata " + String.join(" ", args) + " did not finish");
    }
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** A port free on {@code host} now. */
  static int freePort(String host) throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.bind(new InetSocketAddress(host, 0));
      return s.getLocalPort();
    }
  }

  /** A failed test leaves no daemon running: every pid file's process is killed. */
  static void killLeftovers(Path pids) throws IOException {
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
