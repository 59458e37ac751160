package io.strata.shell;

import io.strata.shell.command.Args;
import io.strata.shell.command.Command;
import io.strata.shell.command.CommandException;
import io.strata.shell.command.ErrorMessages;
import io.strata.shell.command.ExitRequest;
import io.strata.shell.command.ShellContext;
import io.strata.shell.command.TableRef;
import io.strata.shell.command.Values;
import io.strata.shell.lang.Parser;
import io.strata.shell.lang.ShellSyntaxException;
import io.strata.shell.lang.Statement;
import io.strata.shell.lang.VarRef;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Runs shell input: parses it, runs each statement's command, prints {@code Took N seconds}
 * after it and, for a person at the prompt, the value it returned after {@code =>}. A failing
 * statement prints {@code ERROR: <message>} and the command's help; it never ends the session.
 */
public final class Shell {
  private final ShellContext ctx;
  private final PrintStream err;
  private boolean exitRequested;

  public Shell(ShellContext ctx, PrintStream err) {
    this.ctx = ctx;
    this.err = err;
  }

  public ShellContext context() {
    return ctx;
  }

  /** True once {@code exit} ran. */
  public boolean exitRequested() {
    return exitRequested;
  }

  /**
   * Runs every statement of {@code source}; with {@code stopOnError} it stops at the first that
   * fails. Returns true if all succeeded.
   */
  public boolean run(String source, boolean stopOnError) {
    List<Statement> statements;
    try {
      statements = Parser.parse(source);
    } catch (ShellSyntaxException e) {
      printSyntaxError(source, e);
      return false;
    }
    boolean ok = true;
    for (Statement st : statements) {
      ok &= execute(st);
      if (exitRequested || (!ok && stopOnError)) {
        break;
      }
    }
    return ok;
  }

  private void printSyntaxError(String source, ShellSyntaxException e) {
    err.println("ERROR: syntax error at " + e.getMessage());
    String[] lines = source.split("\n", -1);
    if (e.line() >= 1 && e.line() <= lines.length) {
      String line = lines[e.line() - 1];
      err.println("  " + line);
      err.println("  " + " ".repeat(Math.max(0, Math.min(e.column() - 1, line.length()))) + "^");
    }
    err.println();
  }

  /** Runs one statement; false if it failed. */
  boolean execute(Statement st) {
    Command command = null;
    long start = System.nanoTime();
    try {
      List<Object> args = resolve(st.args());
      Object result;
      if (st.name() == null) {
        result = args.get(0);
      } else if (ctx.variables().containsKey(st.name()) && (st.method() != null
          || args.isEmpty() || ctx.registry().get(st.name()) == null)) {
        Object target = ctx.variables().get(st.name());
        if (st.method() == null) {
          if (!args.isEmpty()) {
            throw new CommandException(st.name() + " is a variable, not a command; call a "
                + "command on it as " + st.name() + ".scan");
          }
          result = target;
        } else {
          command = tableMethod(st, target);
          List<Object> withTable = new ArrayList<>(args.size() + 1);
          withTable.add(target);
          withTable.addAll(args);
          result = command.run(ctx, new Args(command.name(), withTable, 1));
          if (command.timed()) {
            took(start);
          }
        }
      } else {
        command = ctx.registry().get(st.name());
        if (command == null) {
          throw new CommandException(unknown(st.name()));
        }
        if (st.method() != null) {
          throw new CommandException(st.name() + "." + st.method() + ": only a table reference"
              + " has methods; t = get_table 't1' makes one");
        }
        result = command.run(ctx, new Args(command.name(), args));
        if (command.timed()) {
          took(start);
        }
      }
      if (st.assignTo() != null) {
        ctx.variables().put(st.assignTo(), result);
      }
      if (ctx.interactive() && result != null) {
        ctx.out().println("=> " + Values.inspect(result));
      }
      return true;
    } catch (ExitRequest e) {
      exitRequested = true;
      return true;
    } catch (Exception | StackOverflowError e) {
      ctx.out().flush();
      err.println("ERROR: " + ErrorMessages.describe(e));
      err.println();
      if (command != null) {
        err.println("Here is some help for this command:");
        err.println(command.help().stripTrailing());
        err.println();
      }
      if (command != null && command.timed()) {
        took(start);
      }
      return false;
    }
  }

  private Command tableMethod(Statement st, Object target) {
    if (!(target instanceof TableRef)) {
      throw new CommandException(st.name() + " holds " + Values.inspect(target)
          + ", not a table; t = get_table 't1' makes a table reference");
    }
    Command c = ctx.registry().get(st.method());
    if (c == null || !c.isTableMethod()) {
      throw new CommandException("a table has no method " + st.method() + "; its methods are "
          + String.join(", ", ctx.registry().tableMethods()) + " (table_help explains them)");
    }
    return c;
  }

  private String unknown(String name) {
    String closest = ctx.registry().closest(name);
    return "Unknown command '" + name + "'." + (closest == null ? ""
        : " Did you mean '" + closest + "'?") + " Type help for the list of commands.";
  }

  private void took(long startNanos) {
    ctx.out().println(String.format(Locale.ROOT, "Took %.4f seconds",
        (System.nanoTime() - startNanos) / 1e9));
  }

  /** Replaces variables in the arguments by their values, through arrays and hashes. */
  private List<Object> resolve(List<Object> args) {
    List<Object> out = new ArrayList<>(args.size());
    for (Object a : args) {
      out.add(resolve(a));
    }
    return Collections.unmodifiableList(out);
  }

  private Object resolve(Object v) {
    if (v instanceof VarRef r) {
      if (!ctx.variables().containsKey(r.name())) {
        if (ctx.registry().get(r.name()) != null) {
          throw new CommandException(r.name() + " is a command; a command cannot be an argument"
              + " (did you forget a comma or quotes?)");
        }
        throw new CommandException("undefined variable '" + r.name() + "'; put strings in "
            + "quotes ('" + r.name() + "')");
      }
      return ctx.variables().get(r.name());
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      for (Object x : l) {
        out.add(resolve(x));
      }
      return Collections.unmodifiableList(out);
    }
    if (v instanceof Map<?, ?> m) {
      Map<Object, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(k, resolve(x)));
      return Collections.unmodifiableMap(out);
    }
    return v;
  }
}
