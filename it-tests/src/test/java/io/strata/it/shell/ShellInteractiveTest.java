package io.strata.it.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.common.conf.ShellKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.it.minicluster.MiniCluster;
import io.strata.shell.ShellMain;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jline.terminal.Size;
import org.jline.terminal.impl.ExternalTerminal;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A person at the prompt, played through JLine's external terminal (keystrokes in, screen
 * out): tab completion of commands, tables and constants, a statement over two lines, an error
 * the session survives, history recalled with the Up key and saved to the history file.
 */
class ShellInteractiveTest {
  @TempDir
  Path dir;

  /** The screen: everything the shell wrote, as text. */
  private final ByteArrayOutputStream screen = new ByteArrayOutputStream();

  @Test
  void completionHistoryMultiLineAndRecoveredErrors() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir.resolve("cluster"), 1);
        Connection conn = cluster.connect();
        Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptor.newBuilder(TableName.valueOf("shi1"))
          .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      Path history = dir.resolve("history");
      StrataConfiguration conf = cluster.configuration();
      conf.set(ShellKeys.HISTORY_FILE.name(), history.toString());

      PipedOutputStream keys = new PipedOutputStream();
      InputStream keyboard = new PipedInputStream(keys, 65536);
      OutputStream display = new SyncOutput(screen);
      ExternalTerminal terminal = new ExternalTerminal("test", "xterm", keyboard, display,
          StandardCharsets.UTF_8);
      terminal.setSize(new Size(120, 40));
      PrintStream none = new PrintStream(OutputStream.nullOutputStream());
      CompletableFuture<Integer> session = new CompletableFuture<>();
      Thread shellThread = new Thread(() -> session.complete(ShellMain.run(new String[0], conf,
          InputStream.nullInputStream(), none, none, terminal)), "shell-session");
      shellThread.setDaemon(true);
      shellThread.start();

      waitForScreen("strata:001:0> ", 1);
      type(keys, "list\r");
      waitForScreen("1 row(s)", 1);

      type(keys, "whoa\t\r"); // a unique command name completes
      waitForScreen(" (auth:SIMPLE)", 1);
      type(keys, "exists 'sh\t\r"); // a table name completes inside quotes
      waitForScreen("Table shi1 does exist", 1);

      type(keys, "craete 'shi2', 'f'\r");
      waitForScreen("Did you mean 'create'?", 1);

      type(keys, "create 'shi2',\r");
      waitForScreen("strata:", 6); // the continuation prompt
      type(keys, " 'f'\r");
      waitForScreen("Created table shi2", 1);

      type(keys, "scan 'shi1', {LIMI\t=> 1}\r"); // a constant completes
      waitForScreen("0 row(s)", 1);

      type(keys, "\033OA\033OA\r"); // Up twice: the create of shi2 again
      waitForScreen("Table already exists: shi2!", 1);

      type(keys, "exit\r");
      assertEquals(0, session.get(60, TimeUnit.SECONDS),
          "the last statement (exit) succeeded");
      String text = screenText();
      assertTrue(text.contains("whoami"), "the completed command was echoed: " + text);
      assertTrue(text.contains("exists 'shi1'"), text);
      assertTrue(text.contains("scan 'shi1', {LIMIT => 1}"), text);
      List<String> saved = Files.readAllLines(history);
      assertTrue(saved.stream().anyMatch(l -> l.endsWith("exists 'shi1'")), saved.toString());
      assertTrue(saved.stream().anyMatch(l -> l.endsWith("craete 'shi2', 'f'")),
          saved.toString());
      assertTrue(admin.tableExists(TableName.valueOf("shi2")));
    }
  }

  private void type(OutputStream keys, String s) throws IOException {
    keys.write(s.getBytes(StandardCharsets.UTF_8));
    keys.flush();
  }

  private String screenText() {
    synchronized (screen) {
      return screen.toString(StandardCharsets.UTF_8);
    }
  }

  /** Waits until {@code text} shows on screen at least {@code times} times. */
  private void waitForScreen(String text, int times) {
    MiniCluster.waitFor(() -> count(screenText(), text) >= times, Duration.ofSeconds(60),
        "'" + text + "' on the screen; it shows:\n" + screenText());
  }

  private static int count(String haystack, String needle) {
    int n = 0;
    for (int i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) {
      n++;
    }
    return n;
  }

  /** The screen buffer, written by the shell's thread and read by the test's. */
  private static final class SyncOutput extends OutputStream {
    private final ByteArrayOutputStream target;

    SyncOutput(ByteArrayOutputStream target) {
      this.target = target;
    }

    @Override
    public void write(int b) {
      synchronized (target) {
        target.write(b);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) {
      synchronized (target) {
        target.write(b, off, len);
      }
    }
  }
}
