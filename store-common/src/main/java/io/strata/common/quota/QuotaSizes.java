package io.strata.common.quota;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sizes as HBase's quota commands write them: a number with a unit B, K, M, G, T or P, in powers
 * of 1,024 ({@code 10M}, {@code 1G}).
 */
public final class QuotaSizes {
  private static final Pattern FORM = Pattern.compile("(\\d+)\\s*([bkmgtp])",
      Pattern.CASE_INSENSITIVE);
  private static final String UNITS = "BKMGTP";

  /** The forms a size may take, for errors. */
  public static final String FORMS = "<number><size unit> (such as 512M or 1G; size units B, K,"
      + " M, G, T, P)";

  private QuotaSizes() {}

  /** Bytes in one of {@code unit} (one of B, K, M, G, T, P, either case). */
  static long unit(char unit) {
    int i = UNITS.indexOf(Character.toUpperCase(unit));
    if (i < 0) {
      throw new IllegalArgumentException("size unit '" + unit + "' is not one of B, K, M, G, T,"
          + " P");
    }
    return 1L << (10 * i);
  }

  /**
   * Parses a size such as {@code 1G}; an IllegalArgumentException says what is wrong and names
   * the forms. {@code what} names the value in the message ("space limit").
   */
  public static long parse(String text, String what) {
    String t = text == null ? "" : text.trim();
    Matcher m = FORM.matcher(t);
    if (!m.matches()) {
      throw new IllegalArgumentException(what + " '" + text + "' is " + (t.startsWith("-")
          ? "negative; it is above 0, as " : "not ") + FORMS);
    }
    long bytes;
    try {
      bytes = Math.multiplyExact(Long.parseLong(m.group(1)), unit(m.group(2).charAt(0)));
    } catch (ArithmeticException | NumberFormatException e) {
      throw new IllegalArgumentException(what + " '" + text + "' is too large");
    }
    if (bytes <= 0) {
      throw new IllegalArgumentException(what + " '" + text + "' is not above 0");
    }
    return bytes;
  }

  /** The size in the largest unit that holds it exactly: 1073741824 is {@code 1G}. */
  public static String format(long bytes) {
    int i = 0;
    while (i < UNITS.length() - 1 && bytes != 0 && bytes % 1024 == 0) {
      bytes /= 1024;
      i++;
    }
    return bytes + String.valueOf(UNITS.charAt(i));
  }

  /** The size for people, rounded: {@code 1.5M}, {@code 0B}. */
  public static String human(long bytes) {
    int i = 0;
    double v = bytes;
    while (i < UNITS.length() - 1 && v >= 1024) {
      v /= 1024;
      i++;
    }
    return i == 0 ? bytes + "B" : String.format(Locale.ROOT, "%.1f%c", v, UNITS.charAt(i));
  }
}
