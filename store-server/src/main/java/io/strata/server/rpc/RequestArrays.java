package io.strata.server.rpc;

import java.util.ArrayList;
import java.util.List;

/**
 * Arrays that large requests' cell blocks are read into, kept for reuse once a call says
 * nothing of its request is still referenced ({@link RpcResult#requestFree}). A write buffer's
 * batch is some 2 MB: too large for a thread's allocation buffer, so the JVM allocated it with a
 * runtime call that zeroes it, and the network thread spent a fifth of its time on that zeroing
 * before copying the batch in; the batches were also most of what a region server allocated,
 * and so most of what started its young collections.
 *
 * <p>An array is lent only for a cell block of at least {@link #SMALLEST} bytes (smaller ones
 * come from the thread's buffer cheaply) and at most twice as large as the block, the one given
 * back last first (the likeliest still in the processor's caches). Reused arrays
 * are not zeroed: a reader of one reads only its block's length. Thread-safe: network threads
 * take, handlers give back.
 */
final class RequestArrays {
  /** Cell blocks this small are read into arrays of their own length. */
  static final int SMALLEST = 256 * 1024;
  /** New arrays are rounded up to this, so batches of about one size share them. */
  private static final int GRAIN = 64 * 1024;

  private final long capacity;
  private final List<byte[]> free = new ArrayList<>();
  private long freeBytes;

  /** Keeps up to {@code capacity} bytes of arrays; 0 keeps none. */
  RequestArrays(long capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("request arrays of " + capacity + " bytes");
    }
    this.capacity = capacity;
  }

  /** Whether a cell block of {@code length} bytes is read into a lent array. */
  boolean lends(int length) {
    return capacity > 0 && length >= SMALLEST;
  }

  /**
   * An array of at least {@code length} bytes (one that {@link #lends}), not zeroed: a kept one
   * that is not more than twice as long, else a new one.
   */
  byte[] take(int length) {
    synchronized (this) {
      for (int i = free.size() - 1; i >= 0; i--) {
        byte[] a = free.get(i);
        if (a.length >= length && a.length / 2 <= length) {
          free.remove(i);
          freeBytes -= a.length;
          return a;
        }
      }
    }
    return new byte[(int) Math.min(Integer.MAX_VALUE - 8,
        ((long) length + GRAIN - 1) / GRAIN * GRAIN)];
  }

  /**
   * Keeps {@code array}, which nothing may use any more, for a later {@link #take}; the ones kept
   * longest go to make room, so arrays of an earlier batch size do not stay forever.
   */
  synchronized void give(byte[] array) {
    if (array.length > capacity) {
      return;
    }
    while (freeBytes + array.length > capacity) {
      freeBytes -= free.remove(0).length;
    }
    free.add(array);
    freeBytes += array.length;
  }

  /** Bytes of arrays kept now. */
  synchronized long keptBytes() {
    return freeBytes;
  }
}
