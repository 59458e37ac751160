package io.strata.shell.command;

import io.strata.common.schema.TableName;
import io.strata.shell.lang.ShellString;
import io.strata.shell.lang.VarRef;
import io.strata.common.util.Bytes;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/** Conversions of shell values, with errors that name the argument or option at fault. */
public final class Values {
  private Values() {}

  public static byte[] toBytes(Object v, String what) {
    if (v instanceof ShellString s) {
      return s.bytes();
    }
    if (v instanceof Long || v instanceof Double || v instanceof Boolean) {
      return v.toString().getBytes(StandardCharsets.UTF_8);
    }
    throw new CommandException(what + " must be a quoted string, got " + inspect(v));
  }

  /** A name must be typed as a string: {@code create 't1', 5} is a mistake, not family "5". */
  public static String toName(Object v, String what) {
    if (!(v instanceof ShellString s)) {
      throw new CommandException(what + " must be a quoted name such as 'name', got "
          + inspect(v));
    }
    return s.text();
  }

  public static String toText(Object v, String what) {
    return new String(toBytes(v, what), StandardCharsets.UTF_8);
  }

  public static long toLong(Object v, String what) {
    if (v instanceof Long l) {
      return l;
    }
    if (v instanceof ShellString s) {
      try {
        return Long.parseLong(s.text().trim());
      } catch (NumberFormatException e) {
        // fall through to the error
      }
    }
    throw new CommandException(what + " must be an integer, got " + inspect(v));
  }

  public static int toInt(Object v, String what) {
    long l = toLong(v, what);
    if (l < Integer.MIN_VALUE || l > Integer.MAX_VALUE) {
      throw new CommandException(what + " must fit in 32 bits, got " + l);
    }
    return (int) l;
  }

  public static boolean toBool(Object v, String what) {
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof ShellString s) {
      String t = s.text().trim().toLowerCase(java.util.Locale.ROOT);
      if (t.equals("true") || t.equals("false")) {
        return t.equals("true");
      }
    }
    throw new CommandException(what + " must be true or false, got " + inspect(v));
  }

  public static TableName tableName(String name) {
    try {
      return TableName.valueOf(name);
    } catch (IllegalArgumentException e) {
      throw new CommandException("'" + name + "' is not a valid table name: " + e.getMessage());
    }
  }

  /** A value as Ruby's inspect shows it: strings quoted, arrays and hashes in brackets. */
  public static String inspect(Object v) {
    if (v == null) {
      return "nil";
    }
    if (v instanceof ShellString s) {
      return quote(Bytes.toStringBinary(s.bytes()));
    }
    if (v instanceof String s) {
      return quote(s);
    }
    if (v instanceof List<?> l) {
      StringJoiner j = new StringJoiner(", ", "[", "]");
      l.forEach(x -> j.add(inspect(x)));
      return j.toString();
    }
    if (v instanceof Map<?, ?> m) {
      StringJoiner j = new StringJoiner(", ", "{", "}");
      m.forEach((k, x) -> j.add(inspect(k) + " => " + inspect(x)));
      return j.toString();
    }
    if (v instanceof VarRef r) {
      return r.name();
    }
    return v.toString();
  }

  private static String quote(String s) {
    return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
