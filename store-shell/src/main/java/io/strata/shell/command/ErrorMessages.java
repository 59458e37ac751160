package io.strata.shell.command;

import io.strata.common.error.StrataException;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Words an error as the HBase shell does for the errors its users know by heart ({@code Unknown
 * table t1!}); any other error keeps the message the server or client gave, which already says
 * what to do.
 */
public final class ErrorMessages {
  private ErrorMessages() {}

  public static String describe(Throwable error) {
    Throwable e = unwrap(error);
    if (e instanceof StrataException s) {
      Map<String, String> d = s.details();
      String table = d.get("table");
      String namespace = d.get("namespace");
      switch (s.code()) {
        case TABLE_NOT_FOUND:
          return "Unknown table " + table + "!";
        case TABLE_EXISTS:
          return "Table already exists: " + table + "!";
        case NO_SUCH_FAMILY:
          return "Unknown column family! Valid column names: " + Arrays.stream(
              d.getOrDefault("valid", "").split(",")).filter(f -> !f.isEmpty())
              .map(f -> f + ":*").collect(Collectors.joining(", "));
        case TABLE_NOT_DISABLED:
          return "enable it".equals(d.get("operation")) ? "Table " + table + " is already enabled!"
              : "Table " + table + " is enabled. Disable it first.";
        case TABLE_NOT_ENABLED:
          return "Table " + table + " is " + d.getOrDefault("state", "disabled") + "!";
        case TABLE_DISABLED:
          return "Table " + table + " is disabled!";
        case NAMESPACE_NOT_FOUND:
          return "Unknown namespace " + namespace + "!";
        case NAMESPACE_EXISTS:
          return "Namespace already exists: " + namespace + "!";
        default:
          break;
      }
    }
    String m = e.getMessage();
    return m == null || m.isBlank() ? e.getClass().getSimpleName() : m;
  }

  /**
   * The error that says what went wrong: the first Strata error in the causes (a scanner's
   * iterator wraps one in an UncheckedIOException), or the cause of a bare wrapper.
   */
  static Throwable unwrap(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof StrataException) {
        return t;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    Throwable t = e;
    while ((t instanceof java.io.UncheckedIOException
        || t instanceof java.util.concurrent.CompletionException
        || t instanceof java.util.concurrent.ExecutionException) && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }
}
