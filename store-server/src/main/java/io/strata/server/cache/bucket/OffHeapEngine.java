package io.strata.server.cache.bucket;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * Direct (off-heap) memory in chunks of {@code chunkSize} bytes (one direct buffer is limited to
 * 2 GiB), read in place through read-only views. A range must not cross a chunk boundary; the
 * allocator guarantees it by using buckets that divide the chunk size.
 */
public final class OffHeapEngine implements IOEngine {
  private final long capacity;
  private final int chunkSize;
  private final List<ByteBuffer> chunks = new ArrayList<>();
  /** Read-only views of the chunks, made once: a read slices one, allocating nothing else. */
  private final List<ByteBuffer> readOnlyChunks = new ArrayList<>();

  public OffHeapEngine(long capacity, int chunkSize) {
    if (capacity <= 0 || chunkSize <= 0 || capacity % chunkSize != 0) {
      throw new IllegalArgumentException("off-heap engine: capacity " + capacity
          + " must be a positive multiple of the chunk size " + chunkSize);
    }
    this.capacity = capacity;
    this.chunkSize = chunkSize;
    for (long done = 0; done < capacity; done += chunkSize) {
      ByteBuffer chunk = ByteBuffer.allocateDirect(chunkSize);
      chunks.add(chunk);
      readOnlyChunks.add(chunk.asReadOnlyBuffer());
    }
  }

  /** Checks the range and returns its offset within its chunk. */
  private int within(long offset, int length) {
    if (offset < 0 || length < 0 || offset + length > capacity) {
      throw new IllegalArgumentException("range [" + offset + ", " + (offset + length)
          + ") is outside the engine's " + capacity + " bytes");
    }
    int within = (int) (offset % chunkSize);
    if (within + length > chunkSize) {
      throw new IllegalArgumentException("range [" + offset + ", " + (offset + length)
          + ") crosses a chunk boundary; buckets must divide the chunk size " + chunkSize);
    }
    return within;
  }

  @Override
  public long capacity() {
    return capacity;
  }

  @Override
  public void write(ByteBuffer src, long offset) {
    int within = within(offset, src.remaining());
    chunks.get((int) (offset / chunkSize)).duplicate().position(within).put(src.duplicate());
  }

  /** A read-only view of the direct memory itself: no copy, one small object. */
  @Override
  public ByteBuffer read(long offset, int length) {
    return readOnlyChunks.get((int) (offset / chunkSize)).slice(within(offset, length), length);
  }

  @Override
  public boolean sharesMemory() {
    return true;
  }

  @Override
  public void close() {
    chunks.clear(); // the direct buffers are freed when collected
  }
}
