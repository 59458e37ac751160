package io.strata.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.Version;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Runs bin/strata as a user would, in a child process. */
class LauncherTest {
  private static final Path ROOT = Path.of(System.getProperty("strata.source.root", ".."));

  private record Run(int exit, String out, String err) {}

  private static Run run(String... args) throws IOException, InterruptedException {
    List<String> cmd = new java.util.ArrayList<>();
    cmd.add(ROOT.resolve("bin/strata").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).directory(ROOT.toFile()).start();
    p.getOutputStream().close();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("bin/strata " + String.join(" ", args) + " did not finish in 60s");
    }
    return new Run(p.exitValue(), new String(p.getInputStream().readAllBytes(),
        StandardCharsets.UTF_8), new String(p.getErrorStream().readAllBytes(),
        StandardCharsets.UTF_8));
  }

  @Test
  void versionPrintsTheBuildVersion() throws Exception {
    Run r = run("version");
    assertEquals(0, r.exit, r.err);
    assertTrue(r.out.startsWith("Strata " + Version.get() + "\nJava "), r.out);
  }

  @Test
  void unknownCommandsFailWithUsage() throws Exception {
    Run r = run("frobnicate");
    assertEquals(2, r.exit);
    assertTrue(r.err.startsWith("bin/strata: unknown command 'frobnicate'\nUsage: bin/strata"),
        r.err);
  }
}
