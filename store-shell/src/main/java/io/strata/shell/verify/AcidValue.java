package io.strata.shell.verify;

import io.strata.common.util.Bytes;

/**
 * The value an acid writer puts in every cell of a row: 8 bytes, the writer's number in the
 * top 16 bits and its write counter in the other 48, so no two writes share a value and a torn
 * row shows whose writes were mixed.
 */
final class AcidValue {
  private static final long COUNTER_MASK = (1L << 48) - 1;

  private AcidValue() {}

  static byte[] of(int writer, long counter) {
    return Bytes.toBytes(((long) writer << 48) | (counter & COUNTER_MASK));
  }

  /** {@code writer 1 #42} for a value {@link #of} made, the bytes escaped otherwise. */
  static String describe(byte[] value) {
    if (value.length != 8) {
      return "'" + Bytes.toStringBinary(value) + "'";
    }
    long v = Bytes.toLong(value);
    return "writer " + (v >>> 48) + " #" + (v & COUNTER_MASK);
  }
}
