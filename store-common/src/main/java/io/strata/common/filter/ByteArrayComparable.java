package io.strata.common.filter;

import io.strata.common.util.Bytes;
import io.strata.common.util.CallDeadline;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * A comparator a filter applies to row keys, families, qualifiers or values. As in HBase,
 * {@link #compareTo} returns 0 for a match; ordering comparators return
 * {@code compare(comparatorValue, data)} so that {@code data op value} is what a filter keeps.
 */
public abstract sealed class ByteArrayComparable {
  /** Compares against {@code data[offset, offset+length)}. */
  public abstract int compareTo(byte[] data, int offset, int length);

  /** Plain unsigned byte order against a value. */
  public static final class BinaryComparator extends ByteArrayComparable {
    final byte[] value;

    public BinaryComparator(byte[] value) {
      this.value = value.clone();
    }

    @Override
    public int compareTo(byte[] data, int offset, int length) {
      return Bytes.compare(value, 0, value.length, data, offset, length);
    }
  }

  /** Byte order against the first {@code value.length} bytes of the data. */
  public static final class BinaryPrefixComparator extends ByteArrayComparable {
    final byte[] value;

    public BinaryPrefixComparator(byte[] value) {
      this.value = value.clone();
    }

    @Override
    public int compareTo(byte[] data, int offset, int length) {
      return Bytes.compare(value, 0, value.length, data, offset, Math.min(length, value.length));
    }
  }

  /**
   * 0 when the regular expression is found in the data read as UTF-8, else 1. The expression
   * runs on RE2/J, whose matching takes time linear in the data whatever the pattern (Java's own
   * engine backtracks: {@code (.*a){20}$} against a 31-character row ran for minutes). Its syntax
   * is Java's but for backreferences and lookaround, which a linear-time engine cannot have; a
   * pattern using them is refused when the comparator is made.
   */
  public static final class RegexStringComparator extends ByteArrayComparable {
    final String expression;
    private final com.google.re2j.Pattern pattern;

    public RegexStringComparator(String expression) {
      this.expression = expression;
      try {
        this.pattern = com.google.re2j.Pattern.compile(expression,
            com.google.re2j.Pattern.DOTALL);
      } catch (com.google.re2j.PatternSyntaxException e) {
        throw new IllegalArgumentException("regular expression '" + expression
            + "' is invalid: " + why(e), e);
      }
    }

    /**
     * What is wrong with the expression: the engine's words, and for a backreference or a
     * lookaround, that no linear-time engine runs them.
     */
    public static String why(com.google.re2j.PatternSyntaxException e) {
      return e.getDescription() + (NEEDS_BACKTRACKING.matcher(e.getPattern()).find()
          ? " (backreferences and lookaround cannot run in linear time; Strata's regular"
              + " expressions run on RE2/J)" : "");
    }

    private static final java.util.regex.Pattern NEEDS_BACKTRACKING =
        java.util.regex.Pattern.compile("\\\\[1-9]|\\(\\?<?[=!]");

    @Override
    public int compareTo(byte[] data, int offset, int length) {
      return pattern.matcher(CallDeadline.watched(new String(data, offset, length,
          StandardCharsets.UTF_8))).find() ? 0 : 1;
    }
  }

  /** 0 when the data, read as UTF-8, contains the substring ignoring case, else 1. */
  public static final class SubstringComparator extends ByteArrayComparable {
    final String substring;
    private final String lower;

    public SubstringComparator(String substring) {
      this.substring = substring;
      this.lower = substring.toLowerCase(Locale.ROOT);
    }

    @Override
    public int compareTo(byte[] data, int offset, int length) {
      return new String(data, offset, length, StandardCharsets.UTF_8).toLowerCase(Locale.ROOT)
          .contains(lower) ? 0 : 1;
    }
  }

  /** 0 when the data is empty (absent), else 1. */
  public static final class NullComparator extends ByteArrayComparable {
    @Override
    public int compareTo(byte[] data, int offset, int length) {
      return length == 0 ? 0 : 1;
    }
  }

  /** 0 when {@code value op data} has any bit set (same lengths only), else 1. */
  public static final class BitComparator extends ByteArrayComparable {
    /** The bitwise operation. */
    public enum BitOp { AND, OR, XOR }

    final byte[] value;
    final BitOp op;

    public BitComparator(byte[] value, BitOp op) {
      this.value = value.clone();
      this.op = op;
    }

    @Override
    public int compareTo(byte[] data, int offset, int length) {
      if (length != value.length) {
        return 1;
      }
      for (int i = 0; i < length; i++) {
        int b = switch (op) {
          case AND -> value[i] & data[offset + i];
          case OR -> value[i] | data[offset + i];
          case XOR -> value[i] ^ data[offset + i];
        };
        if ((b & 0xFF) != 0) {
          return 0;
        }
      }
      return 1;
    }
  }
}
