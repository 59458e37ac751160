package io.strata.common.util;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Unsigned comparison and copies of byte ranges in {@link ByteBuffer}s (heap or direct), by
 * absolute index: neither the buffer's position nor its byte order matters or changes. The
 * counterpart of {@link Bytes} for cells that live in off-heap block cache memory.
 */
public final class ByteBuffers {
  private static final VarHandle BUFFER_LONG =
      MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle BUFFER_INT =
      MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle BUFFER_SHORT =
      MethodHandles.byteBufferViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle ARRAY_LONG =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private ByteBuffers() {}

  /** Compares {@code a[aPos, aPos + aLen)} with {@code b[bOff, bOff + bLen)} as unsigned bytes. */
  public static int compare(ByteBuffer a, int aPos, int aLen, byte[] b, int bOff, int bLen) {
    int n = Math.min(aLen, bLen);
    int i = 0;
    // Eight bytes at a time: big-endian longs compare like their bytes when unsigned.
    for (; i + 8 <= n; i += 8) {
      long x = (long) BUFFER_LONG.get(a, aPos + i);
      long y = (long) ARRAY_LONG.get(b, bOff + i);
      if (x != y) {
        return Long.compareUnsigned(x, y);
      }
    }
    for (; i < n; i++) {
      int c = (a.get(aPos + i) & 0xFF) - (b[bOff + i] & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return aLen - bLen;
  }

  /** Compares two buffer ranges as unsigned bytes. */
  public static int compare(ByteBuffer a, int aPos, int aLen, ByteBuffer b, int bPos, int bLen) {
    int n = Math.min(aLen, bLen);
    int i = 0;
    for (; i + 8 <= n; i += 8) {
      long x = (long) BUFFER_LONG.get(a, aPos + i);
      long y = (long) BUFFER_LONG.get(b, bPos + i);
      if (x != y) {
        return Long.compareUnsigned(x, y);
      }
    }
    for (; i < n; i++) {
      int c = (a.get(aPos + i) & 0xFF) - (b.get(bPos + i) & 0xFF);
      if (c != 0) {
        return c;
      }
    }
    return aLen - bLen;
  }

  /** A new array holding {@code src[pos, pos + len)}. */
  public static byte[] copy(ByteBuffer src, int pos, int len) {
    byte[] out = new byte[len];
    src.get(pos, out, 0, len);
    return out;
  }

  public static long getLong(ByteBuffer b, int pos) {
    return (long) BUFFER_LONG.get(b, pos);
  }

  public static int getInt(ByteBuffer b, int pos) {
    return (int) BUFFER_INT.get(b, pos);
  }

  public static int getUnsignedShort(ByteBuffer b, int pos) {
    return (short) BUFFER_SHORT.get(b, pos) & 0xFFFF;
  }
}
