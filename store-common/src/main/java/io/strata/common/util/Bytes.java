package io.strata.common.util;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Byte-array helpers: unsigned comparison, big-endian conversions, and the escaped form that
 * Strata prints bytes in (printable ASCII as-is, everything else as {@code \xNN}).
 *
 * <pre>{@code
 * byte[] row = Bytes.toBytesBinary("row\\x00\\x01");   // r o w 0x00 0x01
 * Bytes.toStringBinary(row);                            // "row\x00\x01"
 * Bytes.compare(Bytes.toBytes("a"), Bytes.toBytes("a\0")) < 0;
 * }</pre>
 */
public final class Bytes {
  public static final byte[] EMPTY = new byte[0];

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

  public static boolean equals(byte[] a, byte[] b) {
    return Arrays.equals(a, b);
  }

  public static boolean equals(byte[] a, int aOffset, int aLength, byte[] b, int bOffset, int bLength) {
    return Arrays.equals(a, aOffset, aOffset + aLength, b, bOffset, bOffset + bLength);
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

  /** Concatenates the arrays in order. */
  public static byte[] add(byte[]... parts) {
    int length = 0;
    for (byte[] p : parts) {
      length += p.length;
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

  // ---- conversions (big-endian, so that non-negative numbers sort as their bytes) ----

  public static byte[] toBytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
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

  public static byte[] toBytes(boolean v) {
    return new byte[] {v ? (byte) -1 : (byte) 0};
  }

  public static long toLong(byte[] b) {
    checkLength(b, 0, 8, "long");
    return toLong(b, 0);
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

  public static int toInt(byte[] b, int offset) {
    checkLength(b, offset, 4, "int");
    return ((b[offset] & 0xFF) << 24) | ((b[offset + 1] & 0xFF) << 16)
        | ((b[offset + 2] & 0xFF) << 8) | (b[offset + 3] & 0xFF);
  }

  public static short toShort(byte[] b) {
    return toShort(b, 0);
  }

  public static short toShort(byte[] b, int offset) {
    checkLength(b, offset, 2, "short");
    return (short) (((b[offset] & 0xFF) << 8) | (b[offset + 1] & 0xFF));
  }

  public static double toDouble(byte[] b) {
    return Double.longBitsToDouble(toLong(b, 0));
  }

  public static boolean toBoolean(byte[] b) {
    if (b.length != 1) {
      throw new IllegalArgumentException("a boolean is 1 byte, got " + b.length + " bytes");
    }
    return b[0] != 0;
  }

  public static void putLong(byte[] b, int offset, long v) {
    for (int i = offset + 7; i >= offset; i--) {
      b[i] = (byte) v;
      v >>>= 8;
    }
  }

  public static void putInt(byte[] b, int offset, int v) {
    b[offset] = (byte) (v >>> 24);
    b[offset + 1] = (byte) (v >>> 16);
    b[offset + 2] = (byte) (v >>> 8);
    b[offset + 3] = (byte) v;
  }

  public static void putShort(byte[] b, int offset, short v) {
    b[offset] = (byte) (v >>> 8);
    b[offset + 1] = (byte) v;
  }

  private static void checkLength(byte[] b, int offset, int need, String what) {
    if (offset < 0 || b.length - offset < need) {
      throw new IllegalArgumentException("a " + what + " needs " + need + " bytes at offset "
          + offset + ", but the array holds " + b.length + " bytes");
    }
  }

  // ---- hex ----

  public static String toHex(byte[] b) {
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

  public static byte[] fromHex(String hex) {
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
