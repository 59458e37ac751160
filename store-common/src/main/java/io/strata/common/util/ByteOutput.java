package io.strata.common.util;

import java.util.Arrays;

/**
 * A growable byte array with big-endian and variable-length integer writes. Not thread-safe;
 * reused across blocks by calling {@link #reset()}.
 */
public final class ByteOutput {
  private byte[] buf;
  private int size;

  public ByteOutput(int initialCapacity) {
    buf = new byte[Math.max(16, initialCapacity)];
  }

  /**
   * Makes room for {@code extra} more bytes at once: to exactly what is needed when that is
   * more than double the capacity, so a writer that knows its size ahead is neither grown step
   * by step nor left with room to trim.
   */
  public void reserve(int extra) {
    ensure(extra);
  }

  private void ensure(int extra) {
    if (size + extra > buf.length) {
      long wanted = Math.max((long) buf.length * 2, (long) size + extra);
      if (wanted > Integer.MAX_VALUE - 16) {
        throw new IllegalStateException("buffer would exceed 2 GiB");
      }
      buf = Arrays.copyOf(buf, (int) wanted);
    }
  }

  public void write(int b) {
    ensure(1);
    buf[size++] = (byte) b;
  }

  public void write(byte[] b) {
    write(b, 0, b.length);
  }

  public void write(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, size, len);
    size += len;
  }

  /** Appends {@code src[pos, pos + len)} by absolute index; src's position does not move. */
  public void write(java.nio.ByteBuffer src, int pos, int len) {
    ensure(len);
    src.get(pos, buf, size, len);
    size += len;
  }

  public void writeShort(int v) {
    ensure(2);
    Bytes.putShort(buf, size, (short) v);
    size += 2;
  }

  public void writeInt(int v) {
    ensure(4);
    Bytes.putInt(buf, size, v);
    size += 4;
  }

  public void writeLong(long v) {
    ensure(8);
    Bytes.putLong(buf, size, v);
    size += 8;
  }

  /** Unsigned LEB128: 7 bits a byte, low bits first. */
  public void writeVarLong(long v) {
    ensure(10);
    while ((v & ~0x7FL) != 0) {
      buf[size++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[size++] = (byte) v;
  }

  public void writeVarInt(int v) {
    writeVarLong(v & 0xFFFFFFFFL);
  }

  /** Overwrites 4 bytes at {@code pos}, for lengths known only after the fact. */
  public void putInt(int pos, int v) {
    Bytes.putInt(buf, pos, v);
  }

  public int size() {
    return size;
  }

  /** The backing array; valid bytes are 0..{@link #size()}. */
  public byte[] array() {
    return buf;
  }

  public byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  public void reset() {
    size = 0;
  }
}
