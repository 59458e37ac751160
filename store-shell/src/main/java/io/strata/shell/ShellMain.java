package io.strata.shell;

import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.CoreKeys;
import io.strata.common.conf.ShellKeys;
import io.strata.common.conf.StrataConfiguration;
import io.strata.shell.command.CommandRegistry;
import io.strata.shell.command.ShellContext;
import io.strata.shell.term.Repl;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * {@code bin/strata shell [-n] [-e 'cmd; cmd'] [FILE]}: the admin shell. With {@code -e} or a
 * FILE (or commands piped in) it runs them and exits 0 only if every one succeeded; {@code -n}
 * stops at the first failure. Otherwise it is interactive on the terminal.
 */
public final class ShellMain {
  static final String USAGE = """
      Usage: bin/strata shell [-n] [-e 'command; command'] [FILE]
        (no arguments)   interactive shell on the cluster of conf/strata-site.xml
        -e, --execute    run the commands and exit
        FILE             run the commands in FILE and exit
        -n, --noninteractive  stop at the first command that fails
        -h, --help       this text
      Commands read from a pipe (echo "list" | bin/strata shell) run as a script does.
      The exit status is 0 if every command succeeded, 1 if one failed, 2 for wrong usage.
      """;

  private ShellMain() {}

  public static void main(String[] args) {
    int status = run(args, System.in, System.out, System.err, null);
    System.out.flush();
    System.exit(status);
  }

  /**
   * Runs the shell as the command line asks; returns the exit status. {@code terminal}, when
   * given, makes the session interactive on it (tests drive one); otherwise the system
   * terminal is used when there is one.
   */
  public static int run(String[] args, InputStream in, PrintStream out, PrintStream err,
      Terminal terminal) {
    return run(args, null, in, out, err, terminal);
  }

  /** As {@link #run(String[], InputStream, PrintStream, PrintStream, Terminal)}, on {@code conf}
   * (null: the site file and system properties). */
  public static int run(String[] args, StrataConfiguration conf, InputStream in,
      PrintStream out, PrintStream err, Terminal terminal) {
    String execute = null;
    String file = null;
    boolean stopOnError = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "-e", "--execute" -> {
          if (i + 1 >= args.length) {
            err.println("bin/strata shell: -e needs the commands to run, e.g. -e 'list'");
            return 2;
          }
          execute = args[++i];
        }
        case "-n", "--noninteractive" -> stopOnError = true;
        case "-h", "--help" -> {
          out.print(USAGE);
          return 0;
        }
        default -> {
          if (args[i].startsWith("-") || file != null) {
            err.println("bin/strata shell: unexpected argument '" + args[i] + "'");
            err.print(USAGE);
            return 2;
          }
          file = args[i];
        }
      }
    }
    if (execute != null && file != null) {
      err.println("bin/strata shell: give -e or a FILE, not both");
      return 2;
    }
    String script = execute;
    if (file != null) {
      try {
        script = Files.readString(Path.of(file), StandardCharsets.UTF_8);
      } catch (NoSuchFileException e) {
        err.println("bin/strata shell: no such file " + Path.of(file).toAbsolutePath());
        return 2;
      } catch (IOException e) {
        err.println("bin/strata shell: cannot read " + file + ": " + e.getMessage());
        return 2;
      }
    }
    if (conf == null) {
      conf = StrataConfiguration.create();
    }
    CompletableFuture<Connection> connection = connect(conf);
    CommandRegistry registry = Commands.all();
    String quorum = conf.get(CoreKeys.ZOOKEEPER_QUORUM);
    try {
      if (script == null) {
        Terminal t = terminal != null ? terminal : systemTerminal();
        if (t != null) {
          return interactive(t, conf, connection, quorum, registry);
        }
        script = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        in = InputStream.nullInputStream(); // the script was stdin: nothing left to confirm with
      }
      BufferedReader answers = new BufferedReader(new InputStreamReader(in,
          StandardCharsets.UTF_8));
      ShellContext ctx = new ShellContext(connection, quorum, out,
          question -> confirmFrom(answers, out, question), registry, false);
      try {
        boolean ok = new Shell(ctx, err).run(script, stopOnError);
        return ok ? 0 : 1;
      } finally {
        ctx.close();
      }
    } catch (IOException e) {
      err.println("bin/strata shell: " + e.getMessage());
      return 1;
    } finally {
      out.flush();
      err.flush();
    }
  }

  /**
   * The history file {@code configured} names (strata.shell.history.file), a leading {@code ~/}
   * being {@code home} (the HOME variable, as a user's shell reads it; the JVM's {@code
   * user.home} comes from the password database and may differ) or {@code userHome} where HOME
   * is not set; null for none.
   */
  static Path historyFile(String configured, String home, String userHome) {
    if (configured == null || configured.isBlank()) {
      return null;
    }
    if (configured.startsWith("~/")) {
      return Path.of(home != null && !home.isBlank() ? home : userHome, configured.substring(2));
    }
    return Path.of(configured);
  }

  private static int interactive(Terminal terminal, StrataConfiguration conf,
      CompletableFuture<Connection> connection, String quorum, CommandRegistry registry)
      throws IOException {
    PrintStream tout = new PrintStream(terminal.output(), true, StandardCharsets.UTF_8);
    AtomicReference<Repl> repl = new AtomicReference<>();
    ShellContext ctx = new ShellContext(connection, quorum, tout,
        question -> repl.get().confirm(question), registry, true);
    repl.set(new Repl(terminal, ctx, historyFile(conf.get(ShellKeys.HISTORY_FILE),
        System.getenv("HOME"), System.getProperty("user.home")),
        conf.get(ShellKeys.HISTORY_SIZE)));
    tout.println("Strata Shell " + io.strata.common.Version.get() + "; enter 'help' for the "
        + "list of commands, 'exit' to leave.");
    try {
      return repl.get().run(new Shell(ctx, tout)) ? 0 : 1;
    } finally {
      ctx.close();
    }
  }

  /** The system terminal if stdin and stdout are one, else null (input is a script). */
  private static Terminal systemTerminal() throws IOException {
    if (System.console() == null || !isTerminal(System.console())) {
      return null;
    }
    // A dumb terminal (an IDE console) still has a person typing: prompt, without editing.
    return TerminalBuilder.builder().system(true).dumb(true).build();
  }

  /**
   * From Java 22 System.console() is there even when input is piped; its isTerminal() then
   * tells. Called by reflection: the build targets Java 17, where no console means a pipe.
   */
  private static boolean isTerminal(java.io.Console console) {
    try {
      return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true;
    }
  }

  private static boolean confirmFrom(BufferedReader answers, PrintStream out, String question) {
    out.println(question);
    try {
      String a = answers.readLine();
      if (a == null) {
        out.println("(no answer on standard input: taken as no)");
        return false;
      }
      a = a.trim().toLowerCase(Locale.ROOT);
      return a.equals("y") || a.equals("yes");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Connects in the background, so the prompt appears before the cluster answers. */
  private static CompletableFuture<Connection> connect(StrataConfiguration conf) {
    CompletableFuture<Connection> f = new CompletableFuture<>();
    Thread t = new Thread(() -> {
      try {
        Connection c = ConnectionFactory.createConnection(conf);
        if (!f.complete(c)) {
          c.close(); // the shell ended while it connected
        }
      } catch (Throwable e) {
        f.completeExceptionally(e instanceof CompletionException c ? c.getCause() : e);
      }
    }, "strata-shell-connect");
    t.setDaemon(true);
    t.start();
    return f;
  }
}
