package io.strata.server.cache.bucket;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Where the bucket cache keeps block bytes: a fixed-size space addressed by offset. Writes and
 * reads of disjoint ranges may run concurrently; the allocator keeps ranges disjoint.
 */
public interface IOEngine extends Closeable {
  /** Bytes of space. */
  long capacity();

  /** Copies {@code src}'s remaining bytes to {@code offset} (src's position does not move). */
  void write(ByteBuffer src, long offset) throws IOException;

  /** Copies {@code length} bytes at {@code offset} into a new heap array. */
  byte[] read(long offset, int length) throws IOException;

  /**
   * The bytes at {@code offset} as a read-only buffer over the engine's own memory, without a
   * copy; only when {@link #sharesMemory()}. The memory is reused once the range is freed, so a
   * reader must hold the block (reference count) while it uses the view.
   */
  ByteBuffer view(long offset, int length);

  /** Whether {@link #view} works: the space is memory this process can read in place. */
  boolean sharesMemory();

  /** Releases the space. */
  @Override
  void close() throws IOException;
}
