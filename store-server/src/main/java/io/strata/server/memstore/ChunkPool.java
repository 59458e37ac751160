package io.strata.server.memstore;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Recycles the fixed-size byte arrays that MSLABs carve cells from, so that flushed memstores
 * give their memory back for reuse instead of leaving holes in the old generation. Shared by
 * every memstore of a server; thread-safe.
 */
public final class ChunkPool {
  private final int chunkSize;
  private final ArrayBlockingQueue<byte[]> free;
  private final AtomicLong created = new AtomicLong();
  private final AtomicLong reused = new AtomicLong();

  /** Keeps at most {@code maxPooled} idle chunks of {@code chunkSize} bytes. */
  public ChunkPool(int chunkSize, int maxPooled) {
    if (chunkSize < 1024) {
      throw new IllegalArgumentException("MSLAB chunk size " + chunkSize
          + " is below 1024 bytes");
    }
    this.chunkSize = chunkSize;
    this.free = new ArrayBlockingQueue<>(Math.max(1, maxPooled));
  }

  /**
   * The pool of a server: at most {@code configured} idle chunks, and no more than a tenth of
   * the heap's worth, so that idle chunks, the memstores and the block cache together fit the
   * heap (256 chunks of 2 MB were half of a 1 GB standalone's heap).
   */
  public static ChunkPool forHeap(int chunkSize, int configured, long maxHeap) {
    long tenth = maxHeap / 10 / chunkSize;
    return new ChunkPool(chunkSize, (int) Math.max(1, Math.min(configured, tenth)));
  }

  public int chunkSize() {
    return chunkSize;
  }

  byte[] take() {
    byte[] c = free.poll();
    if (c != null) {
      reused.incrementAndGet();
      return c;
    }
    created.incrementAndGet();
    return new byte[chunkSize];
  }

  /** Returns a chunk no one reads any more; dropped if the pool is full. */
  void give(byte[] chunk) {
    if (chunk.length == chunkSize) {
      free.offer(chunk);
    }
  }

  public long chunksCreated() {
    return created.get();
  }

  public long chunksReused() {
    return reused.get();
  }

  public int idleChunks() {
    return free.size();
  }
}
