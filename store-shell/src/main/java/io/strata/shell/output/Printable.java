package io.strata.shell.output;

/**
 * Bytes as the HBase shell prints them: printable ASCII (0x20 to 0x7E) as it is, every other
 * byte as {@code \xNN} with upper-case hex. Unlike {@code Bytes.toStringBinary} the backslash is
 * printed as it is, as HBase does, so output compares with HBase's line for line.
 */
public final class Printable {
  private static final char[] HEX = "0123456789ABCDEF".toCharArray();

  private Printable() {}

  public static String bytes(byte[] b) {
    return b == null ? "" : bytes(b, 0, b.length);
  }

  public static String bytes(byte[] b, int offset, int length) {
    StringBuilder sb = new StringBuilder(length);
    for (int i = offset; i < offset + length; i++) {
      int v = b[i] & 0xFF;
      if (v >= 0x20 && v <= 0x7E) {
        sb.append((char) v);
      } else {
        sb.append("\\x").append(HEX[v >>> 4]).append(HEX[v & 0x0F]);
      }
    }
    return sb.toString();
  }
}
