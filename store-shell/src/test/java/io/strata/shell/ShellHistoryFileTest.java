package io.strata.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.strata.common.conf.ShellKeys;
import io.strata.common.conf.StrataConfiguration;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Where the interactive shell keeps its history: under $HOME, as a user's own shell would. */
class ShellHistoryFileTest {
  @Test
  void theDefaultIsUnderHomeAndFallsBackToUserHome() {
    String configured = StrataConfiguration.defaults().get(ShellKeys.HISTORY_FILE);
    assertEquals("~/.strata_shell_history", configured);
    assertEquals(Path.of("/tmp/test-home/.strata_shell_history"),
        ShellMain.historyFile(configured, "/tmp/test-home", "/root"));
    assertEquals(Path.of("/root/.strata_shell_history"),
        ShellMain.historyFile(configured, null, "/root"));
    assertEquals(Path.of("/root/.strata_shell_history"),
        ShellMain.historyFile(configured, "", "/root"));
  }

  @Test
  void anExplicitPathIsKeptAndEmptyKeepsNone() {
    assertEquals(Path.of("/var/tmp/h"), ShellMain.historyFile("/var/tmp/h", "/home/u", "/root"));
    assertEquals(Path.of("/home/u/sub/h"), ShellMain.historyFile("~/sub/h", "/home/u", "/root"));
    assertNull(ShellMain.historyFile("", "/home/u", "/root"));
    assertNull(ShellMain.historyFile(null, "/home/u", "/root"));
  }
}
