package io.strata.common.quota;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A throttle's limit as HBase's shell writes it: a number of requests ({@code 100req/sec}), of
 * bytes ({@code 10M/min}, sizes B, K, M, G, T, P in powers of 1,024) or of capacity units
 * ({@code 10CU/hour}) per second, minute, hour or day.
 */
public record ThrottleLimit(long amount, Unit unit, TimeUnit per) {
  /** What the limit counts. */
  public enum Unit { REQUESTS, BYTES, CAPACITY_UNITS }

  private static final Pattern FORM = Pattern.compile(
      "(\\d+)\\s*(req|cu|b|k|m|g|t|p)\\s*/\\s*(sec|min|hour|day)", Pattern.CASE_INSENSITIVE);

  /** The forms a limit may take, for errors. */
  public static final String FORMS = "<number>req/<time unit> (such as 100req/sec), "
      + "<number><size unit>/<time unit> (such as 10M/sec; size units B, K, M, G, T, P) or "
      + "<number>CU/<time unit> (such as 10CU/min); time units sec, min, hour, day";

  public ThrottleLimit {
    if (amount <= 0) {
      throw new IllegalArgumentException("a throttle limit must be above 0, got " + amount
          + "; to remove a throttle set LIMIT => NONE");
    }
    if (per != TimeUnit.SECONDS && per != TimeUnit.MINUTES && per != TimeUnit.HOURS
        && per != TimeUnit.DAYS) {
      throw new IllegalArgumentException("a throttle limit is per second, minute, hour or day,"
          + " not per " + per.name().toLowerCase(Locale.ROOT));
    }
  }

  /** Parses HBase's form; an IllegalArgumentException names the allowed forms. */
  public static ThrottleLimit parse(String text) {
    Matcher m = FORM.matcher(text == null ? "" : text.trim());
    if (!m.matches()) {
      if (text != null && text.trim().startsWith("-")) {
        throw new IllegalArgumentException("throttle limit '" + text + "' is negative; a limit"
            + " is above 0, as " + FORMS);
      }
      throw new IllegalArgumentException("throttle limit '" + text + "' is not one of "
          + FORMS);
    }
    long n;
    try {
      n = Long.parseLong(m.group(1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("throttle limit '" + text + "' is too large");
    }
    String u = m.group(2).toLowerCase(Locale.ROOT);
    Unit unit = u.equals("req") ? Unit.REQUESTS : u.equals("cu") ? Unit.CAPACITY_UNITS
        : Unit.BYTES;
    long amount;
    try {
      amount = unit == Unit.BYTES ? Math.multiplyExact(n, QuotaSizes.unit(u.charAt(0))) : n;
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("throttle limit '" + text + "' is too large");
    }
    TimeUnit per = switch (m.group(3).toLowerCase(Locale.ROOT)) {
      case "sec" -> TimeUnit.SECONDS;
      case "min" -> TimeUnit.MINUTES;
      case "hour" -> TimeUnit.HOURS;
      default -> TimeUnit.DAYS;
    };
    return new ThrottleLimit(amount, unit, per);
  }

  /** What the limit allows a second, as a rate for a token bucket. */
  public double perSecond() {
    return amount / (double) per.toSeconds(1);
  }

  /** HBase's form: {@code 100req/sec}, {@code 10M/sec} (the largest exact size unit), ... */
  @Override
  public String toString() {
    String time = switch (per) {
      case SECONDS -> "sec";
      case MINUTES -> "min";
      case HOURS -> "hour";
      default -> "day";
    };
    return switch (unit) {
      case REQUESTS -> amount + "req/" + time;
      case CAPACITY_UNITS -> amount + "CU/" + time;
      case BYTES -> QuotaSizes.format(amount) + "/" + time;
    };
  }
}
