package io.strata.it.shell;

import io.strata.common.conf.StrataConfiguration;
import io.strata.shell.ShellMain;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Runs the shell in this JVM as bin/strata shell would, capturing what it prints. */
public final class ShellRunner {
  /** What a run printed, with "Took 0.0123 seconds" made "Took T seconds" so it compares. */
  public record Outcome(int status, String out, String err) {}

  private final StrataConfiguration conf;

  public ShellRunner(StrataConfiguration conf) {
    this.conf = conf;
  }

  /** {@code bin/strata shell -e script}. */
  public Outcome execute(String script) {
    return run("", "-e", script);
  }

  public Outcome run(String stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = ShellMain.run(args, conf, new ByteArrayInputStream(
          stdin.getBytes(StandardCharsets.UTF_8)), o, e, null);
    }
    return new Outcome(status, normalize(out.toString(StandardCharsets.UTF_8)),
        normalize(err.toString(StandardCharsets.UTF_8)));
  }

  static String normalize(String s) {
    return s.replaceAll("Took \\d+\\.\\d{4} seconds", "Took T seconds");
  }
}
