package io.strata.shell.options;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The command line of Strata's tools (chaos, mttr, itbll, acid): words (such as {@code generate}) and options in the
 * form {@code --name=value}, each name one of a known set. {@code -h} or {@code --help}
 * anywhere asks for the usage. A mistake throws {@link BadUsage}, whose message names the word
 * at fault and the form wanted; the tools print it with their usage and exit with status 2.
 */
public final class ToolOptions {
  private static final Pattern DURATION = Pattern.compile("(\\d+)([smhd]?)");

  /** A command line the tool cannot run; the message says what to give instead. */
  public static final class BadUsage extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadUsage(String message) {
      super(message);
    }
  }

  private final Map<String, String> values;
  private final List<String> words;
  private final boolean help;

  private ToolOptions(Map<String, String> values, List<String> words, boolean help) {
    this.values = values;
    this.words = words;
    this.help = help;
  }

  /** Splits {@code args}; an option whose name is not in {@code known} is refused. */
  public static ToolOptions parse(String[] args, Set<String> known) {
    Map<String, String> values = new LinkedHashMap<>();
    List<String> words = new ArrayList<>();
    boolean help = false;
    for (String arg : args) {
      if (arg.equals("-h") || arg.equals("--help")) {
        help = true;
      } else if (arg.startsWith("--")) {
        int eq = arg.indexOf('=');
        String name = eq < 0 ? arg.substring(2) : arg.substring(2, eq);
        if (!known.contains(name)) {
          throw new BadUsage("unknown option --" + name + (known.isEmpty() ? ""
              : "; this command takes --" + String.join(", --", new TreeSet<>(known))));
        }
        if (eq < 0) {
          throw new BadUsage("--" + name + " needs a value; give it as --" + name + "=VALUE");
        }
        if (values.put(name, arg.substring(eq + 1)) != null) {
          throw new BadUsage("--" + name + " is given twice; give it once");
        }
      } else if (arg.startsWith("-")) {
        throw new BadUsage("unknown flag " + arg + "; options take the form --name=value");
      } else {
        words.add(arg);
      }
    }
    return new ToolOptions(values, words, help);
  }

  public boolean help() {
    return help;
  }

  /** The arguments that are not options, in order. */
  public List<String> words() {
    return words;
  }

  /** Refuses words: for a tool that takes only options. */
  public void noWords() {
    if (!words.isEmpty()) {
      throw new BadUsage("takes only options, not '" + String.join(" ", words) + "'");
    }
  }

  /** Refuses options: for a command that takes only words. */
  public void noOptions() {
    if (!values.isEmpty()) {
      throw new BadUsage("takes no options here, not --" + String.join(", --", values.keySet()));
    }
  }

  public boolean has(String name) {
    return values.containsKey(name);
  }

  public String string(String name, String otherwise) {
    String v = values.get(name);
    if (v != null && v.isEmpty()) {
      throw new BadUsage("--" + name + "= is empty; give a value or leave the option out");
    }
    return v == null ? otherwise : v;
  }

  /** The option as a long of at least {@code min}, or {@code otherwise} when absent. */
  public long longValue(String name, long otherwise, long min) {
    String v = values.get(name);
    if (v == null) {
      return otherwise;
    }
    long n;
    try {
      n = Long.parseLong(v.replace("_", ""));
    } catch (NumberFormatException e) {
      throw new BadUsage("--" + name + "=" + v + " is not a whole number; give e.g. --" + name
          + "=" + Math.max(min, otherwise));
    }
    if (n < min) {
      throw new BadUsage("--" + name + "=" + v + " is below " + min + "; give at least " + min);
    }
    return n;
  }

  /** As {@link #longValue}, also at most {@code max}. */
  public int intValue(String name, int otherwise, int min, int max) {
    long n = longValue(name, otherwise, min);
    if (n > max) {
      throw new BadUsage("--" + name + "=" + n + " is above " + max + "; give at most " + max);
    }
    return (int) n;
  }

  /**
   * A duration such as {@code 90s}, {@code 5m} or {@code 2h}; a bare number is seconds. Zero
   * is refused: use {@link #pause} where no time at all makes sense.
   */
  public Duration duration(String name, Duration otherwise) {
    Duration d = pause(name, otherwise);
    if (d.isZero()) {
      throw new BadUsage("--" + name + "=" + values.get(name) + " is no time at all; give e.g. --"
          + name + "=1m");
    }
    return d;
  }

  /** As {@link #duration}, 0 allowed (no pause). */
  public Duration pause(String name, Duration otherwise) {
    String v = values.get(name);
    if (v == null) {
      return otherwise;
    }
    Matcher m = DURATION.matcher(v);
    if (!m.matches()) {
      throw new BadUsage("--" + name + "=" + v + " is not a duration; give a whole number with "
          + "s, m, h or d after it, e.g. --" + name + "=90s or --" + name + "=5m");
    }
    long n;
    try {
      n = Long.parseLong(m.group(1));
    } catch (NumberFormatException e) {
      throw new BadUsage("--" + name + "=" + v + " is too long a duration; give at most days");
    }
    Duration d = switch (m.group(2)) {
      case "m" -> Duration.ofMinutes(n);
      case "h" -> Duration.ofHours(n);
      case "d" -> Duration.ofDays(n);
      default -> Duration.ofSeconds(n);
    };
    return d;
  }
}
