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

  /**
   * The {@code length} bytes at {@code offset}, read-only. Where {@link #sharesMemory} is true
   * this is a view of the engine's own memory, without a copy: the range is reused once freed,
   * so a reader must hold the block (reference count) while it uses the buffer. Otherwise the
   * bytes are copied into a buffer of the reader's own.
   */
  ByteBuffer read(long offset, int length) throws IOException;

  /** Whether {@link #read} returns the engine's own memory rather than a copy. */
  boolean sharesMemory();

  /** Releases the space. */
  @Override
  void close() throws IOException;
}
