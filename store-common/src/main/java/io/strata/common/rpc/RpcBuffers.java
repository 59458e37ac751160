package io.strata.common.rpc;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;

/**
 * The pooled allocator of every RPC buffer, client and server side.
 *
 * <p>Netty's default pool carves its memory out of 4 MB chunks and gives a chunk back once it
 * has been more than a quarter used and then emptied. A write buffer's 2 MB frame is half a
 * chunk, so nearly every batch made a new chunk, which the JVM zeroed, and freed it again: a
 * twentieth of a writing client's CPU. Chunks of {@value #CHUNK_BYTES} bytes hold such a frame
 * within their first quarter, where Netty keeps a chunk however often it empties.
 */
public final class RpcBuffers {
  private static final int PAGE_BYTES = 8192;
  /** Pages per chunk, as a power of two: 8 KB pages, 16 MB chunks. */
  private static final int MAX_ORDER = 11;
  static final int CHUNK_BYTES = PAGE_BYTES << MAX_ORDER;

  /** Direct buffers by default, as Netty's own allocator, pooled in 16 MB chunks. */
  public static final ByteBufAllocator ALLOCATOR = new PooledByteBufAllocator(true,
      PooledByteBufAllocator.defaultNumHeapArena(), PooledByteBufAllocator.defaultNumDirectArena(),
      PAGE_BYTES, MAX_ORDER, PooledByteBufAllocator.defaultSmallCacheSize(),
      PooledByteBufAllocator.defaultNormalCacheSize(),
      PooledByteBufAllocator.defaultUseCacheForAllThreads());

  private RpcBuffers() {}
}
