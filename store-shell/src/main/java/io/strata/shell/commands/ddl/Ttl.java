package io.strata.shell.commands.ddl;

import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.shell.command.CommandException;
import io.strata.shell.lang.ShellString;
import java.util.Locale;

/**
 * TTLs as HBase users write and read them: seconds ({@code 86400}), {@code 'FOREVER'}, or
 * words ({@code '1 DAY 2 HOURS'}); printed as {@code 86400 SECONDS (1 DAY)}.
 */
final class Ttl {
  private static final String[] UNITS = {"DAY", "HOUR", "MINUTE", "SECOND"};
  private static final long[] SECONDS = {86400, 3600, 60, 1};

  private Ttl() {}

  static long parse(Object v) {
    if (v instanceof Long l) {
      return check(l);
    }
    if (!(v instanceof ShellString s)) {
      throw bad(String.valueOf(v));
    }
    String text = s.text().trim().toUpperCase(Locale.ROOT);
    if (text.equals("FOREVER")) {
      return ColumnFamilyDescriptor.FOREVER;
    }
    int paren = text.indexOf('(');
    if (paren > 0) {
      text = text.substring(0, paren).trim(); // "86400 SECONDS (1 DAY)", as describe prints it
    }
    try {
      return check(Long.parseLong(text));
    } catch (NumberFormatException e) {
      // words, below
    }
    String[] words = text.split("\\s+");
    if (words.length % 2 != 0) {
      throw bad(s.text());
    }
    long total = 0;
    for (int i = 0; i < words.length; i += 2) {
      long n;
      try {
        n = Long.parseLong(words[i]);
      } catch (NumberFormatException e) {
        throw bad(s.text());
      }
      String unit = words[i + 1].endsWith("S") ? words[i + 1].substring(0, words[i + 1].length()
          - 1) : words[i + 1];
      int u = -1;
      for (int k = 0; k < UNITS.length; k++) {
        if (UNITS[k].equals(unit)) {
          u = k;
        }
      }
      if (u < 0 || n < 0) {
        throw bad(s.text());
      }
      total = Math.addExact(total, Math.multiplyExact(n, SECONDS[u]));
    }
    return check(total);
  }

  private static long check(long seconds) {
    if (seconds <= 0) {
      throw new CommandException("TTL must be a positive number of seconds or 'FOREVER', got "
          + seconds);
    }
    return seconds;
  }

  private static CommandException bad(String given) {
    return new CommandException("TTL must be seconds (86400), 'FOREVER', or words such as "
        + "'1 DAY 2 HOURS 30 MINUTES', got '" + given + "'");
  }

  static String format(long seconds) {
    if (seconds == ColumnFamilyDescriptor.FOREVER) {
      return "FOREVER";
    }
    if (seconds < 60) {
      return seconds + " SECONDS";
    }
    StringBuilder words = new StringBuilder();
    long left = seconds;
    for (int k = 0; k < UNITS.length; k++) {
      long n = left / SECONDS[k];
      left %= SECONDS[k];
      if (n > 0) {
        words.append(words.length() == 0 ? "" : " ").append(n).append(' ').append(UNITS[k])
            .append(n == 1 ? "" : "S");
      }
    }
    return seconds + " SECONDS (" + words + ")";
  }
}
