package io.strata.common.util;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;

/**
 * Byte-array helpers, with the names and encodings HBase users know: unsigned comparison,
 * big-endian conversions of the primitive types, BigDecimal and ByteBuffer, slicing and padding,
 * key arithmetic (increment, split), hex, and the escaped form that Strata prints bytes in
 * (printable ASCII as-is, everything else as {@code \xNN}).
 *
 * <pre>{@code
 * byte[] row = Bytes.toBytesBinary("row\\x00\\x01");   // r o w 0x00 0x01
 * Bytes.toStringBinary(row);                            // "row\x00\x01"
 * Bytes.compare(Bytes.toBytes("a"), Bytes.toBytes("a\0")) < 0;
 * new TreeMap<byte[], String>(Bytes.BYTES_COMPARATOR);
 * Bytes.split(Bytes.toBytes("a"), Bytes.toBytes("z"), 3);   // a, g, m, s, z (5 keys)
 * }</pre>
 *
 * <p>Bad input (an array too short for the type asked, a wrong length, bad hex, a null array)
 * raises an IllegalArgumentException saying what was expected. Where HBase answers null instead
 * ({@code head}, {@code tail}, {@code toBigDecimal} of too few bytes) this class throws.
 */
public final class Bytes {
  public static final byte[] EMPTY = new byte[0];

  public static final int SIZEOF_BOOLEAN = 1;
  public static final int SIZEOF_BYTE = 1;
  public static final int SIZEOF_CHAR = 2;
  public static final int SIZEOF_SHORT = 2;
  public static final int SIZEOF_INT = 4;
  public static final int SIZEOF_FLOAT = 4;
  public static final int SIZEOF_LONG = 8;
  public static final int SIZEOF_DOUBLE = 8;

  /** Orders arrays as {@link #compare(byte[], byte[])}: for TreeMaps and sorts keyed by bytes. */
  public static final Comparator<byte[]> BYTES_COMPARATOR = Bytes::compare;

  private static final char[] HEX = "0123456789ABCDEF".toCharArray();
  private static final char[] HEX_LOWER = "0123456789abcdef".toCharArray();

  private Bytes() {}

  /** Lexicographic comparison treating each byte as unsigned (0x00 sorts first, 0xFF last). */
  public static int compare(byte[] a, byte[] b) {
    return Arrays.compareUnsigned(a, b);
  }

  public static int compare(byte[] a, int aOffset, int aLength, byte[] b, int bOffset, int bLength) {
    return Arrays.compareUnsigned(a, aOffset, aOffset + aLength, b, bOffset, bOffset + bLength);
  }

  /** As {@link #compare(byte[], byte[])} (HBase's name). */
  public static int compareTo(byte[] a, byte[] b) {
    return compare(a, b);
  }

  /** As {@link #compare(byte[], int, int, byte[], int, int)} (HBase's name). */
  public static int compareTo(byte[] a, int aOffset, int aLength, byte[] b, int bOffset,
      int bLength) {
    return compare(a, aOffset, aLength, b, bOffset, bLength);
  }

  /** Whether both hold the same bytes; two nulls are equal, null and an array are not. */
  public static boolean equals(byte[] a, byte[] b) {
    return Arrays.equals(a, b);
  }

  public static boolean equals(byte[] a, int aOffset, int aLength, byte[] b, int bOffset, int bLength) {
    return Arrays.equals(a, aOffset, aOffset + aLength, b, bOffset, bOffset + bLength);
  }

  /** A hash of the bytes, equal to {@code Arrays.hashCode(a)}. */
  public static int hashCode(byte[] a) {
    return hashCode(a, 0, a.length);
  }

  /** A hash of the first {@code length} bytes. */
  public static int hashCode(byte[] a, int length) {
    return hashCode(a, 0, length);
  }

  public static int hashCode(byte[] a, int offset, int length) {
    int h = 1;
    for (int i = offset; i < offset + length; i++) {
      h = 31 * h + a[i];
    }
    return h;
  }

  public static boolean startsWith(byte[] bytes, byte[] prefix) {
    return bytes.length >= prefix.length
        && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
  }

  /**
   * Whether {@code arrays} are in non-decreasing {@link #compare} order (an empty or one-element
   * collection is).
   */
  public static boolean isSorted(Collection<byte[]> arrays) {
    byte[] previous = null;
    for (byte[] a : arrays) {
      if (previous != null && compare(previous, a) > 0) {
        return false;
      }
      previous = a;
    }
    return true;
  }

  /**
   * Finds {@code key} in {@code sorted} (in {@link #compare} order) by binary search: its index,
   * or {@code -(insertion point) - 1} when absent, as {@link Arrays#binarySearch(Object[],
   * Object)}.
   */
  public static int binarySearch(byte[][] sorted, byte[] key) {
    return binarySearch(sorted, key, 0, key.length);
  }

  /** As {@link #binarySearch(byte[][], byte[])} for the key {@code key[offset, offset+length)}. */
  public static int binarySearch(byte[][] sorted, byte[] key, int offset, int length) {
    checkRange(key, offset, length, "key");
    int lo = 0;
    int hi = sorted.length - 1;
    while (lo <= hi) {
      int mid = (lo + hi) >>> 1;
      int cmp = compare(sorted[mid], 0, sorted[mid].length, key, offset, length);
      if (cmp < 0) {
        lo = mid + 1;
      } else if (cmp > 0) {
        hi = mid - 1;
      } else {
        return mid;
      }
    }
    return -(lo + 1);
  }

  /** Index of the first {@code target} byte in {@code array}, or -1. */
  public static int indexOf(byte[] array, byte target) {
    for (int i = 0; i < array.length; i++) {
      if (array[i] == target) {
        return i;
      }
    }
    return -1;
  }

  /** Index where {@code target} first occurs in {@code array}, or -1; 0 for an empty target. */
  public static int indexOf(byte[] array, byte[] target) {
    outer:
    for (int i = 0; i <= array.length - target.length; i++) {
      for (int j = 0; j < target.length; j++) {
        if (array[i + j] != target[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }

  public static boolean contains(byte[] array, byte target) {
    return indexOf(array, target) >= 0;
  }

  public static boolean contains(byte[] array, byte[] target) {
    return indexOf(array, target) >= 0;
  }

  /** The length of {@code a}, 0 for null. */
  public static int len(byte[] a) {
    return a == null ? 0 : a.length;
  }

  /** Concatenates the arrays in order. */
  public static byte[] add(byte[]... parts) {
    int length = 0;
    for (int i = 0; i < parts.length; i++) {
      if (parts[i] == null) {
        throw new IllegalArgumentException("part " + i + " of " + parts.length + " to add is "
            + "null; pass Bytes.EMPTY for nothing");
      }
      length += parts[i].length;
    }
    byte[] out = new byte[length];
    int pos = 0;
    for (byte[] p : parts) {
      System.arraycopy(p, 0, out, pos, p.length);
      pos += p.length;
    }
    return out;
  }

  public static byte[] copy(byte[] a, int offset, int length) {
    return Arrays.copyOfRange(a, offset, offset + length);
  }

  /** A copy of {@code a}; null for null. */
  public static byte[] copy(byte[] a) {
    return a == null ? null : a.clone();
  }

  /** The first {@code length} bytes of {@code a}, copied. */
  public static byte[] head(byte[] a, int length) {
    checkSlice(a, length, "head");
    return Arrays.copyOf(a, length);
  }

  /** The last {@code length} bytes of {@code a}, copied. */
  public static byte[] tail(byte[] a, int length) {
    checkSlice(a, length, "tail");
    return Arrays.copyOfRange(a, a.length - length, a.length);
  }

  private static void checkSlice(byte[] a, int length, String what) {
    checkNotNull(a, what);
    if (length < 0 || length > a.length) {
      throw new IllegalArgumentException(what + " of " + length + " bytes of a " + a.length
          + "-byte array; give a length from 0 to " + a.length);
    }
  }

  /** {@code a} with {@code length} zero bytes in front. */
  public static byte[] padHead(byte[] a, int length) {
    checkPad(a, length, "padHead");
    byte[] out = new byte[length + a.length];
    System.arraycopy(a, 0, out, length, a.length);
    return out;
  }

  /** {@code a} followed by {@code length} zero bytes. */
  public static byte[] padTail(byte[] a, int length) {
    checkPad(a, length, "padTail");
    return Arrays.copyOf(a, a.length + length);
  }

  private static void checkPad(byte[] a, int length, String what) {
    checkNotNull(a, what);
    if (length < 0) {
      throw new IllegalArgumentException(what + " by " + length + " bytes; give a length >= 0");
    }
  }

  /** Writes {@code src[srcOffset, srcOffset+length)} at {@code offset}; returns the next offset. */
  public static int putBytes(byte[] b, int offset, byte[] src, int srcOffset, int length) {
    System.arraycopy(src, srcOffset, b, offset, length);
    return offset + length;
  }

  /** Writes one byte at {@code offset}; returns the offset after it. */
  public static int putByte(byte[] b, int offset, byte v) {
    b[offset] = v;
    return offset + 1;
  }

  // ---- key arithmetic ----

  /**
   * Adds {@code amount} to {@code value} read as a big-endian two's complement integer of 1 to
   * 8 bytes (shorter values are sign-extended), and returns the sum as 8 bytes, as HBase's
   * counters hold it. {@code value} is not changed (HBase may change an 8-byte one in place).
   */
  public static byte[] incrementBytes(byte[] value, long amount) {
    checkNotNull(value, "incrementBytes");
    if (value.length == 0 || value.length > SIZEOF_LONG) {
      throw new IllegalArgumentException("incrementBytes takes a counter of 1 to 8 bytes, got "
          + value.length + " bytes");
    }
    long v = value[0] < 0 ? -1L : 0L;
    for (byte x : value) {
      v = (v << 8) | (x & 0xFF);
    }
    return toBytes(v + amount);
  }

  /**
   * A copy of {@code a} plus one, as an unsigned big-endian integer: the smallest array of the
   * same length that sorts after it; when every byte is 0xFF, one byte longer
   * ({@code FF FF} becomes {@code 01 00 00}). An empty array becomes {@code 01}.
   */
  public static byte[] unsignedCopyAndIncrement(byte[] a) {
    checkNotNull(a, "unsignedCopyAndIncrement");
    byte[] out = a.clone();
    for (int i = out.length - 1; i >= 0; i--) {
      if (out[i] != (byte) 0xFF) {
        out[i]++;
        return out;
      }
      out[i] = 0;
    }
    byte[] longer = new byte[out.length + 1];
    longer[0] = 1;
    return longer;
  }

  /**
   * Splits {@code [a, b]} into {@code num + 1} even parts: returns {@code num + 2} keys, the
   * first {@code a} and the last {@code b}, with {@code num} evenly spaced keys between, for
   * example as region split points. The keys are compared as unsigned numbers after padding the
   * shorter one with zero bytes; where the range has too few values between the bounds, the
   * keys get a byte longer.
   */
  public static byte[][] split(byte[] a, byte[] b, int num) {
    return split(a, b, false, num);
  }

  /**
   * As {@link #split(byte[], byte[], int)}; {@code inclusive} counts {@code b} itself in the
   * range being divided (HBase's meaning), which moves the middle keys up slightly.
   */
  public static byte[][] split(byte[] a, byte[] b, boolean inclusive, int num) {
    checkNotNull(a, "split start");
    checkNotNull(b, "split end");
    if (num < 1) {
      throw new IllegalArgumentException("split into " + num + " keys between the bounds; "
          + "give at least 1");
    }
    int width = Math.max(a.length, b.length);
    byte[] start = padTail(a, width - a.length);
    byte[] end = padTail(b, width - b.length);
    if (compare(start, end) >= 0) {
      throw new IllegalArgumentException("split start '" + toStringBinary(a)
          + "' does not sort before end '" + toStringBinary(b) + "'; give start < end");
    }
    BigInteger parts = BigInteger.valueOf(num + 1L);
    while (true) {
      BigInteger lo = new BigInteger(1, start);
      BigInteger diff = new BigInteger(1, end).subtract(lo);
      if (inclusive) {
        diff = diff.add(BigInteger.ONE);
      }
      if (diff.compareTo(parts) >= 0) {
        BigInteger step = diff.divide(parts);
        byte[][] out = new byte[num + 2][];
        out[0] = a;
        out[num + 1] = b;
        for (int i = 1; i <= num; i++) {
          out[i] = unsigned(lo.add(step.multiply(BigInteger.valueOf(i))), width);
        }
        return out;
      }
      // Too few values between the bounds: one more byte gives 256 times as many.
      width++;
      start = padTail(start, 1);
      end = padTail(end, 1);
    }
  }

  /** {@code v} (non-negative, below 256^width) as exactly {@code width} big-endian bytes. */
  private static byte[] unsigned(BigInteger v, int width) {
    byte[] raw = v.toByteArray();
    byte[] out = new byte[width];
    int n = Math.min(raw.length, width);
    System.arraycopy(raw, raw.length - n, out, width - n, n);
    return out;
  }

  // ---- conversions (big-endian, so that non-negative numbers sort as their bytes) ----

  public static byte[] toBytes(String s) {
    checkNotNull(s, "toBytes(String)");
    return s.getBytes(StandardCharsets.UTF_8);
  }

  /** Each string as its UTF-8 bytes. */
  public static byte[][] toByteArrays(String... strings) {
    byte[][] out = new byte[strings.length][];
    for (int i = 0; i < strings.length; i++) {
      out[i] = toBytes(strings[i]);
    }
    return out;
  }

  /** {@code a} and {@code b} read as UTF-8 with {@code separator} between them. */
  public static String toString(byte[] a, String separator, byte[] b) {
    return toString(a) + separator + toString(b);
  }

  public static String toString(byte[] b) {
    return b == null ? null : new String(b, StandardCharsets.UTF_8);
  }

  public static String toString(byte[] b, int offset, int length) {
    return new String(b, offset, length, StandardCharsets.UTF_8);
  }

  public static byte[] toBytes(long v) {
    byte[] b = new byte[8];
    putLong(b, 0, v);
    return b;
  }

  public static byte[] toBytes(int v) {
    byte[] b = new byte[4];
    putInt(b, 0, v);
    return b;
  }

  public static byte[] toBytes(short v) {
    return new byte[] {(byte) (v >>> 8), (byte) v};
  }

  public static byte[] toBytes(double v) {
    return toBytes(Double.doubleToRawLongBits(v));
  }

  public static byte[] toBytes(float v) {
    return toBytes(Float.floatToRawIntBits(v));
  }

  /**
   * The scale as a 4-byte int, then the unscaled value's two's complement bytes (the layout
   * HBase uses, so values written by either read back in the other).
   */
  public static byte[] toBytes(BigDecimal v) {
    checkNotNull(v, "toBytes(BigDecimal)");
    byte[] unscaled = v.unscaledValue().toByteArray();
    byte[] out = new byte[SIZEOF_INT + unscaled.length];
    putInt(out, 0, v.scale());
    System.arraycopy(unscaled, 0, out, SIZEOF_INT, unscaled.length);
    return out;
  }

  /**
   * The bytes of {@code buf} from index 0 to its limit, whatever its position (HBase's
   * meaning); the buffer is not changed. See {@link #getBytes(ByteBuffer)} for position to
   * limit.
   */
  public static byte[] toBytes(ByteBuffer buf) {
    checkNotNull(buf, "toBytes(ByteBuffer)");
    byte[] out = new byte[buf.limit()];
    buf.get(0, out);
    return out;
  }

  /** The remaining bytes of {@code buf}, position to limit; the buffer is not changed. */
  public static byte[] getBytes(ByteBuffer buf) {
    checkNotNull(buf, "getBytes(ByteBuffer)");
    byte[] out = new byte[buf.remaining()];
    buf.get(buf.position(), out);
    return out;
  }

  public static byte[] toBytes(boolean v) {
    return new byte[] {v ? (byte) -1 : (byte) 0};
  }

  public static long toLong(byte[] b) {
    checkLength(b, 0, 8, "long");
    return toLong(b, 0);
  }

  /** The long at {@code offset}; {@code length} must be 8. */
  public static long toLong(byte[] b, int offset, int length) {
    checkExactLength(length, SIZEOF_LONG, "long");
    return toLong(b, offset);
  }

  public static long toLong(byte[] b, int offset) {
    checkLength(b, offset, 8, "long");
    long v = 0;
    for (int i = offset; i < offset + 8; i++) {
      v = (v << 8) | (b[i] & 0xFF);
    }
    return v;
  }

  public static int toInt(byte[] b) {
    return toInt(b, 0);
  }

  /** The int at {@code offset}; {@code length} must be 4. */
  public static int toInt(byte[] b, int offset, int length) {
    checkExactLength(length, SIZEOF_INT, "int");
    return toInt(b, offset);
  }

  public static int toInt(byte[] b, int offset) {
    checkLength(b, offset, 4, "int");
    return ((b[offset] & 0xFF) << 24) | ((b[offset + 1] & 0xFF) << 16)
        | ((b[offset + 2] & 0xFF) << 8) | (b[offset + 3] & 0xFF);
  }

  public static short toShort(byte[] b) {
    return toShort(b, 0);
  }

  /** The short at {@code offset}; {@code length} must be 2. */
  public static short toShort(byte[] b, int offset, int length) {
    checkExactLength(length, SIZEOF_SHORT, "short");
    return toShort(b, offset);
  }

  public static short toShort(byte[] b, int offset) {
    checkLength(b, offset, 2, "short");
    return (short) (((b[offset] & 0xFF) << 8) | (b[offset + 1] & 0xFF));
  }

  public static double toDouble(byte[] b) {
    return toDouble(b, 0);
  }

  public static double toDouble(byte[] b, int offset) {
    checkLength(b, offset, SIZEOF_DOUBLE, "double");
    return Double.longBitsToDouble(toLong(b, offset));
  }

  public static float toFloat(byte[] b) {
    return toFloat(b, 0);
  }

  public static float toFloat(byte[] b, int offset) {
    checkLength(b, offset, SIZEOF_FLOAT, "float");
    return Float.intBitsToFloat(toInt(b, offset));
  }

  /** Reads {@link #toBytes(BigDecimal)}'s layout: at least 5 bytes. */
  public static BigDecimal toBigDecimal(byte[] b) {
    checkNotNull(b, "toBigDecimal");
    return toBigDecimal(b, 0, b.length);
  }

  public static BigDecimal toBigDecimal(byte[] b, int offset, int length) {
    checkRange(b, offset, length, "BigDecimal");
    if (length < SIZEOF_INT + 1) {
      throw new IllegalArgumentException("a BigDecimal needs at least 5 bytes (a 4-byte scale "
          + "and the unscaled value), got " + length);
    }
    int scale = toInt(b, offset);
    BigInteger unscaled = new BigInteger(b, offset + SIZEOF_INT, length - SIZEOF_INT);
    return new BigDecimal(unscaled, scale);
  }

  public static boolean toBoolean(byte[] b) {
    checkNotNull(b, "toBoolean");
    if (b.length != 1) {
      throw new IllegalArgumentException("a boolean is 1 byte, got " + b.length + " bytes");
    }
    return b[0] != 0;
  }

  /** Writes {@code v} big-endian at {@code offset}; returns the offset after it. */
  public static int putLong(byte[] b, int offset, long v) {
    checkLength(b, offset, SIZEOF_LONG, "long");
    for (int i = offset + 7; i >= offset; i--) {
      b[i] = (byte) v;
      v >>>= 8;
    }
    return offset + SIZEOF_LONG;
  }

  public static int putInt(byte[] b, int offset, int v) {
    checkLength(b, offset, SIZEOF_INT, "int");
    b[offset] = (byte) (v >>> 24);
    b[offset + 1] = (byte) (v >>> 16);
    b[offset + 2] = (byte) (v >>> 8);
    b[offset + 3] = (byte) v;
    return offset + SIZEOF_INT;
  }

  public static int putShort(byte[] b, int offset, short v) {
    checkLength(b, offset, SIZEOF_SHORT, "short");
    b[offset] = (byte) (v >>> 8);
    b[offset + 1] = (byte) v;
    return offset + SIZEOF_SHORT;
  }

  public static int putDouble(byte[] b, int offset, double v) {
    checkLength(b, offset, SIZEOF_DOUBLE, "double");
    return putLong(b, offset, Double.doubleToRawLongBits(v));
  }

  public static int putFloat(byte[] b, int offset, float v) {
    checkLength(b, offset, SIZEOF_FLOAT, "float");
    return putInt(b, offset, Float.floatToRawIntBits(v));
  }

  // On hot paths (cell accessors): builds no message unless it throws.
  private static void checkLength(byte[] b, int offset, int need, String what) {
    if (b == null || offset < 0 || b.length - offset < need) {
      checkNotNull(b, article(what));
      throw new IllegalArgumentException(article(what) + " needs " + need + " bytes at offset "
          + offset + ", but the array holds " + b.length + " bytes");
    }
  }

  private static void checkExactLength(int length, int need, String what) {
    if (length != need) {
      throw new IllegalArgumentException(article(what) + " is " + need + " bytes, not "
          + length);
    }
  }

  private static String article(String what) {
    return (what.startsWith("int") ? "an " : "a ") + what;
  }

  private static void checkRange(byte[] b, int offset, int length, String what) {
    checkNotNull(b, what);
    if (offset < 0 || length < 0 || offset > b.length - length) {
      throw new IllegalArgumentException(what + " bytes [" + offset + ", " + offset + " + "
          + length + ") are outside the " + b.length + "-byte array");
    }
  }

  private static void checkNotNull(Object o, String what) {
    if (o == null) {
      throw new IllegalArgumentException(what + ": the input is null");
    }
  }

  // ---- hex ----

  /** Lower-case hex, two digits a byte. */
  public static String toHex(byte[] b) {
    checkNotNull(b, "toHex");
    return toHex(b, 0, b.length);
  }

  public static String toHex(byte[] b, int offset, int length) {
    char[] out = new char[length * 2];
    for (int i = 0; i < length; i++) {
      int v = b[offset + i] & 0xFF;
      out[2 * i] = HEX_LOWER[v >>> 4];
      out[2 * i + 1] = HEX_LOWER[v & 0x0F];
    }
    return new String(out);
  }

  /** Parses hex of either case, two digits a byte. */
  public static byte[] fromHex(String hex) {
    checkNotNull(hex, "fromHex");
    if (hex.length() % 2 != 0) {
      throw new IllegalArgumentException("hex string '" + hex + "' has an odd number of digits");
    }
    byte[] out = new byte[hex.length() / 2];
    for (int i = 0; i < out.length; i++) {
      int hi = hexDigit(hex.charAt(2 * i));
      int lo = hexDigit(hex.charAt(2 * i + 1));
      if (hi < 0 || lo < 0) {
        throw new IllegalArgumentException("hex string '" + hex + "' has a non-hex character at "
            + (hi < 0 ? 2 * i : 2 * i + 1));
      }
      out[i] = (byte) ((hi << 4) | lo);
    }
    return out;
  }

  private static int hexDigit(char c) {
    return Character.digit(c, 16);
  }

  // ---- escaped printing ----

  /**
   * Prints bytes the way HBase users read them: printable ASCII (0x20..0x7E) as-is, except the
   * backslash, and every other byte as {@code \xNN}. {@link #toBytesBinary} reverses it exactly.
   */
  public static String toStringBinary(byte[] b) {
    return b == null ? "null" : toStringBinary(b, 0, b.length);
  }

  /** The escaped form of {@code buf}'s bytes from index 0 to its limit (as HBase). */
  public static String toStringBinary(ByteBuffer buf) {
    return buf == null ? "null" : toStringBinary(toBytes(buf));
  }

  public static String toStringBinary(byte[] b, int offset, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = offset; i < offset + length; i++) {
      int v = b[i] & 0xFF;
      if (v >= 0x20 && v <= 0x7E && v != '\\') {
        sb.append((char) v);
      } else {
        sb.append("\\x").append(HEX[v >>> 4]).append(HEX[v & 0x0F]);
      }
    }
    return sb.toString();
  }

  /**
   * Parses the escaped form: {@code \xNN} (either case of hex) becomes one byte; every other
   * character is taken as its UTF-8 bytes. A backslash not followed by {@code x} and two hex
   * digits is kept literally, as HBase does.
   */
  public static byte[] toBytesBinary(String s) {
    checkNotNull(s, "toBytesBinary");
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream(s.length());
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '\\' && i + 3 < s.length() && s.charAt(i + 1) == 'x'
          && hexDigit(s.charAt(i + 2)) >= 0 && hexDigit(s.charAt(i + 3)) >= 0) {
        out.write((hexDigit(s.charAt(i + 2)) << 4) | hexDigit(s.charAt(i + 3)));
        i += 4;
      } else if (c < 0x80) {
        out.write(c);
        i++;
      } else {
        int cp = s.codePointAt(i);
        byte[] utf8 = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
        out.write(utf8, 0, utf8.length);
        i += Character.charCount(cp);
      }
    }
    return out.toByteArray();
  }
}
