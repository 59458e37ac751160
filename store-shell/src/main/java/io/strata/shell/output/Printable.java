package io.strata.shell.output;

import io.strata.common.util.Bytes;

/**
 * Bytes as the HBase shell prints them: printable ASCII (0x20 to 0x7E) as it is, except the
 * backslash, and every other byte as {@code \xNN} with upper-case hex; so {@code '\x00'} typed
 * in single quotes (four characters) prints {@code \x5Cx00}, distinct from the byte 0.
 */
public final class Printable {
  private Printable() {}

  public static String bytes(byte[] b) {
    return b == null ? "" : Bytes.toStringBinary(b);
  }

  public static String bytes(byte[] b, int offset, int length) {
    return Bytes.toStringBinary(b, offset, length);
  }
}
