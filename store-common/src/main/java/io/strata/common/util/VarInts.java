package io.strata.common.util;

/** Reads the unsigned LEB128 integers that {@link ByteOutput#writeVarLong} writes. */
public final class VarInts {
  private VarInts() {}

  /**
   * Decodes the varint at {@code pos[0]} in {@code b}, reading no further than {@code limit},
   * and advances {@code pos[0]} past it.
   */
  public static long readVarLong(byte[] b, int[] pos, int limit) {
    return readVarLong(java.nio.ByteBuffer.wrap(b), pos, limit);
  }

  /** As {@link #readVarLong(byte[], int[], int)}, by absolute index into a buffer. */
  public static long readVarLong(java.nio.ByteBuffer b, int[] pos, int limit) {
    long result = 0;
    int shift = 0;
    int p = pos[0];
    while (true) {
      if (p >= limit) {
        throw new IllegalArgumentException("truncated varint at offset " + pos[0]);
      }
      byte x = b.get(p++);
      result |= (long) (x & 0x7F) << shift;
      if ((x & 0x80) == 0) {
        break;
      }
      shift += 7;
      if (shift > 63) {
        throw new IllegalArgumentException("varint at offset " + pos[0] + " is longer than 10 bytes");
      }
    }
    pos[0] = p;
    return result;
  }

  /** A varint that must fit a non-negative int. */
  public static int readVarInt(byte[] b, int[] pos, int limit) {
    return readVarInt(java.nio.ByteBuffer.wrap(b), pos, limit);
  }

  /** As {@link #readVarInt(byte[], int[], int)}, by absolute index into a buffer. */
  public static int readVarInt(java.nio.ByteBuffer b, int[] pos, int limit) {
    int start = pos[0];
    long v = readVarLong(b, pos, limit);
    if (v < 0 || v > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("varint " + v + " at offset " + start
          + " does not fit a length");
    }
    return (int) v;
  }

  public static long zigZag(long v) {
    return (v << 1) ^ (v >> 63);
  }

  public static long unZigZag(long v) {
    return (v >>> 1) ^ -(v & 1);
  }
}
