package io.strata.common.conf;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The value types a configuration key can have, each with the syntax users write in
 * strata-site.xml or {@code -Dkey=value}. A parse failure says what syntax was expected.
 */
public abstract class ConfigType<T> {
  public static final ConfigType<String> STRING = new ConfigType<>("string", "") {
    @Override
    String parseChecked(String text) {
      return text;
    }
  };

  public static final ConfigType<Integer> INT = new ConfigType<>("int", "a whole number") {
    @Override
    Integer parseChecked(String text) {
      return Integer.parseInt(text.trim());
    }
  };

  public static final ConfigType<Long> LONG = new ConfigType<>("long", "a whole number") {
    @Override
    Long parseChecked(String text) {
      return Long.parseLong(text.trim());
    }
  };

  public static final ConfigType<Double> DOUBLE = new ConfigType<>("double", "a number") {
    @Override
    Double parseChecked(String text) {
      return Double.parseDouble(text.trim());
    }
  };

  public static final ConfigType<Boolean> BOOLEAN =
      new ConfigType<>("boolean", "true or false") {
        @Override
        Boolean parseChecked(String text) {
          String t = text.trim().toLowerCase(Locale.ROOT);
          if (t.equals("true")) {
            return true;
          }
          if (t.equals("false")) {
            return false;
          }
          throw new IllegalArgumentException();
        }
      };

  private static final Pattern SIZE =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmgtp]?)(?:i?b)?", Pattern.CASE_INSENSITIVE);

  /** Bytes, written as a number with an optional binary unit: 512, 64k, 128m, 1.5g, 2TB. */
  public static final ConfigType<Long> SIZE_BYTES = new ConfigType<>("size",
      "a size such as 512, 64k, 128m, 1.5g or 2t (binary units: 1k = 1024 bytes)") {
    @Override
    Long parseChecked(String text) {
      Matcher m = SIZE.matcher(text.trim());
      if (!m.matches()) {
        throw new IllegalArgumentException();
      }
      int shift = switch (m.group(2).toLowerCase(Locale.ROOT)) {
        case "" -> 0;
        case "k" -> 10;
        case "m" -> 20;
        case "g" -> 30;
        case "t" -> 40;
        default -> 50;
      };
      double bytes = Double.parseDouble(m.group(1)) * (1L << shift);
      if (bytes >= Long.MAX_VALUE) {
        throw new IllegalArgumentException();
      }
      return (long) bytes;
    }
  };

  private static final Pattern DURATION =
      Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(us|ms|s|m|min|h|d)?", Pattern.CASE_INSENSITIVE);

  /**
   * A duration: a number with a unit us, ms, s, m (or min), h or d; a bare number is
   * milliseconds.
   */
  public static final ConfigType<Duration> DURATION_TYPE = new ConfigType<>("duration",
      "a duration such as 100us, 500ms, 30s, 5m, 2h or 1d (a bare number is milliseconds)") {
    @Override
    Duration parseChecked(String text) {
      Matcher m = DURATION.matcher(text.trim());
      if (!m.matches()) {
        throw new IllegalArgumentException();
      }
      double n = Double.parseDouble(m.group(1));
      String unit = m.group(2) == null ? "ms" : m.group(2).toLowerCase(Locale.ROOT);
      double millis = switch (unit) {
        case "us" -> n / 1_000;
        case "ms" -> n;
        case "s" -> n * 1_000;
        case "m", "min" -> n * 60_000;
        case "h" -> n * 3_600_000;
        default -> n * 86_400_000;
      };
      return Duration.ofNanos(Math.round(millis * 1_000_000));
    }
  };

  private final String name;
  private final String syntax;

  private ConfigType(String name, String syntax) {
    this.name = name;
    this.syntax = syntax;
  }

  /** The type's name in docs/configuration.md. */
  public String name() {
    return name;
  }

  /** What a valid value looks like, for error messages and the reference. */
  public String syntax() {
    return syntax;
  }

  abstract T parseChecked(String text);

  /**
   * Parses {@code text}, or throws an IllegalArgumentException naming the key, the value, where
   * it came from and the expected syntax.
   */
  public T parse(String key, String text, String source) {
    try {
      return parseChecked(text);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("configuration key '" + key + "' has value '" + text
          + "' (from " + source + "), which is not " + syntax + "; fix it there");
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
