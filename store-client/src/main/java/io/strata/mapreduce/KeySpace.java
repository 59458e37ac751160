package io.strata.mapreduce;

import io.strata.common.util.Bytes;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Cutting a row range into parts of about equal key space (rows read as unsigned numbers). */
final class KeySpace {
  private KeySpace() {}

  /**
   * The keys that cut [start, end) into {@code parts} ranges of about equal key space ({@code
   * end} empty: the table's end), in order, each strictly between its neighbours; fewer when
   * the range is too narrow to cut so finely.
   */
  static List<byte[]> cut(byte[] start, byte[] end, int parts) {
    List<byte[]> keys = new ArrayList<>();
    if (parts < 2) {
      return keys;
    }
    // One byte more than either end gives room between keys that differ only in their last byte.
    int len = Math.max(start.length, end.length) + 1;
    BigInteger lo = number(start, len);
    BigInteger hi = end.length == 0 ? BigInteger.ONE.shiftLeft(8 * len) : number(end, len);
    BigInteger step = hi.subtract(lo).divide(BigInteger.valueOf(parts));
    if (step.signum() <= 0) {
      return keys;
    }
    byte[] previous = start;
    for (int i = 1; i < parts; i++) {
      byte[] k = bytes(lo.add(step.multiply(BigInteger.valueOf(i))), len);
      if (Bytes.compare(k, previous) > 0 && (end.length == 0 || Bytes.compare(k, end) < 0)) {
        keys.add(k);
        previous = k;
      }
    }
    return keys;
  }

  private static BigInteger number(byte[] key, int len) {
    return new BigInteger(1, Arrays.copyOf(key, len));
  }

  private static byte[] bytes(BigInteger n, int len) {
    byte[] raw = n.toByteArray(); // big-endian, maybe with a leading sign byte
    byte[] out = new byte[len];
    int copy = Math.min(raw.length, len);
    System.arraycopy(raw, raw.length - copy, out, len - copy, copy);
    return out;
  }
}
