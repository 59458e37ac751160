package io.strata.shell.command;

import io.strata.common.schema.TableName;
import io.strata.shell.lang.ShellString;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * A command's positional arguments, with typed access whose errors name the argument, what it
 * should be, and what was given. Trailing {@code KEY => value} pairs arrive as one hash, the
 * last argument.
 */
public final class Args {
  private final String command;
  private final List<Object> values;
  /** 1 when a table method put the table in front of what the user typed, else 0. */
  private final int implicit;

  public Args(String command, List<Object> values) {
    this(command, values, 0);
  }

  /** {@code implicit} leading arguments the user did not type (t.put's table). */
  public Args(String command, List<Object> values, int implicit) {
    this.command = command;
    this.values = values;
    this.implicit = implicit;
  }

  public String command() {
    return command;
  }

  public int size() {
    return values.size();
  }

  public Object get(int i) {
    return i < values.size() ? values.get(i) : null;
  }

  public boolean has(int i) {
    return i < values.size();
  }

  /** Fails unless there are between {@code min} and {@code max} arguments. */
  public void count(int min, int max) {
    int n = values.size();
    if (n < min || n > max) {
      n -= implicit;
      min -= implicit;
      max = max == Integer.MAX_VALUE ? max : max - implicit;
      String want = min == max ? String.valueOf(min)
          : max == Integer.MAX_VALUE ? "at least " + min : min + " to " + max;
      throw new CommandException(command + " takes " + want + " argument"
          + (min == max && min == 1 ? "" : "s") + ", got " + n);
    }
  }

  public boolean isString(int i) {
    return get(i) instanceof ShellString;
  }

  public boolean isHash(int i) {
    return get(i) instanceof Map;
  }

  /** A required string (a number is taken as its digits, as Ruby's to_s would). */
  public String string(int i, String what) {
    return new String(bytes(i, what), StandardCharsets.UTF_8);
  }

  public byte[] bytes(int i, String what) {
    Object v = require(i, what);
    return Values.toBytes(v, argName(i, what));
  }

  /** A row key: a string (or number) that is not empty. */
  public byte[] row(int i) {
    byte[] row = bytes(i, "row");
    if (row.length == 0) {
      throw new CommandException(argName(i, "row") + " is empty; a row key has at least one "
          + "byte");
    }
    return row;
  }

  /** A name (of a family, column, namespace, region): a quoted string, not a number. */
  public String name(int i, String what) {
    Object v = require(i, what);
    return Values.toName(v, argName(i, what));
  }

  public long longValue(int i, String what) {
    return Values.toLong(require(i, what), argName(i, what));
  }

  public boolean bool(int i, String what) {
    return Values.toBool(require(i, what), argName(i, what));
  }

  /** A table: a name ('ns:t') or a table reference. */
  public TableName table(int i) {
    Object v = require(i, "table name");
    if (v instanceof TableRef ref) {
      return ref.name();
    }
    return Values.tableName(Values.toName(v, argName(i, "table name")));
  }

  @SuppressWarnings("unchecked")
  public Map<Object, Object> hash(int i, String what) {
    Object v = require(i, what);
    if (!(v instanceof Map)) {
      throw new CommandException(argName(i, what) + " must be a hash such as {NAME => 'f1'}, got "
          + Values.inspect(v));
    }
    return (Map<Object, Object>) v;
  }

  /** The hash at {@code i} as options accepting only {@code allowed} keys; empty if absent. */
  public Options options(int i, String... allowed) {
    if (!has(i)) {
      return Options.empty(command);
    }
    return new Options(command, hash(i, "options"), allowed);
  }

  private Object require(int i, String what) {
    if (!has(i)) {
      throw new CommandException(command + " needs " + what + " as argument " + (i + 1
          - implicit));
    }
    return values.get(i);
  }

  /** How errors name argument {@code i}: as the user counts, without an implicit table. */
  public String argName(int i, String what) {
    return "argument " + (i + 1 - implicit) + " (" + what + ")";
  }
}
