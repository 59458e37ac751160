package io.strata.server.memstore;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A server's chunk pool keeps no more idle chunks than a tenth of the heap holds. */
class ChunkPoolTest {
  private static final int MB = 1 << 20;

  /** How many chunks the pool keeps when given many more than it may. */
  private static int kept(ChunkPool pool) {
    for (int i = 0; i < 1_000; i++) {
      pool.give(new byte[pool.chunkSize()]);
    }
    return pool.idleChunks();
  }

  @Test
  void idleChunksStayWithinATenthOfTheHeap() {
    assertEquals(51, kept(ChunkPool.forHeap(2 * MB, 256, 1024L * MB)), "1 GB heap");
    assertEquals(256, kept(ChunkPool.forHeap(2 * MB, 256, 16L * 1024 * MB)), "16 GB heap");
    assertEquals(10, kept(ChunkPool.forHeap(2 * MB, 10, 16L * 1024 * MB)), "as configured");
    assertEquals(1, kept(ChunkPool.forHeap(2 * MB, 256, 4L * MB)), "a tiny heap keeps one");
  }
}
