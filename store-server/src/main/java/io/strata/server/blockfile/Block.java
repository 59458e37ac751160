package io.strata.server.blockfile;

import io.strata.server.cache.BlockCategory;
import io.strata.server.cache.Cacheable;
import java.nio.ByteBuffer;

/**
 * A block read from storage or the block cache, checksum verified and decompressed. Its payload
 * is either on the heap ({@link #array()} from {@link #offset()}, {@link #length()} bytes), never
 * changed after construction and so shareable by any number of readers and the L1 cache; or, for
 * a data block served from off-heap L2 memory, in a read-only {@link #buffer()} at
 * {@link #offset()}. The cache hands one shared block object to every reader of its slot, each
 * holding a reference on the slot: a holder must {@link #release()} it exactly once when done,
 * and use neither the buffer nor cells decoded from it after that, because the slot is freed and
 * rewritten once the last reference goes.
 */
public final class Block implements Cacheable {
  /** Object headers and fields of the block and its array. */
  private static final long OVERHEAD = 80;

  private final BlockType type;
  private final BlockHandle handle;
  private final int encodingId;
  private final byte[] array;
  private final ByteBuffer buffer;
  private final int offset;
  private final int length;
  private final Runnable release;

  private Block(BlockType type, BlockHandle handle, int encodingId, byte[] array,
      ByteBuffer buffer, int offset, int length, Runnable release) {
    this.type = type;
    this.handle = handle;
    this.encodingId = encodingId;
    this.array = array;
    this.buffer = buffer;
    this.offset = offset;
    this.length = length;
    this.release = release;
  }

  /** A block whose payload is {@code array[offset, offset + length)}, never to change. */
  public Block(BlockType type, BlockHandle handle, int encodingId, byte[] array, int offset,
      int length) {
    this(type, handle, encodingId, array, null, offset, length, null);
  }

  /**
   * A block read in place from cache memory: the payload is {@code buffer[offset, offset +
   * length)} (absolute indexes) and {@code release} gives back one reference to the cache slot.
   */
  public static Block shared(BlockType type, BlockHandle handle, int encodingId,
      ByteBuffer buffer, int offset, int length, Runnable release) {
    return new Block(type, handle, encodingId, null, buffer, offset, length, release);
  }

  public BlockType type() {
    return type;
  }

  public BlockHandle handle() {
    return handle;
  }

  public int encodingId() {
    return encodingId;
  }

  /** Whether the payload is in shared cache memory ({@link #buffer()}) and must be released. */
  public boolean isShared() {
    return buffer != null;
  }

  /** The heap payload's array; a shared block has none (see {@link #onHeap()}). */
  public byte[] array() {
    if (array == null) {
      throw new IllegalStateException("block at offset " + handle.offset()
          + " lies in shared cache memory: read it through buffer()");
    }
    return array;
  }

  /** The shared payload's buffer (read-only; absolute indexes), or null for a heap block. */
  public ByteBuffer buffer() {
    return buffer;
  }

  public int offset() {
    return offset;
  }

  public int length() {
    return length;
  }

  /**
   * This block with its payload on the heap: itself if it is there, otherwise a copy, after
   * which this shared block is released.
   */
  public Block onHeap() {
    if (buffer == null) {
      return this;
    }
    byte[] copy = new byte[length];
    try {
      buffer.get(offset, copy, 0, length);
    } finally {
      release();
    }
    return new Block(type, handle, encodingId, copy, 0, length);
  }

  /**
   * Gives back this holder's reference to the block's cache slot (nothing for a heap block).
   * Releasing more often than the cache handed the block out fails in the slot's reference
   * count, but one holder releasing twice takes another's reference: hold and release in one
   * place ({@code BlockFileScanner}).
   */
  @Override
  public void release() {
    if (release != null) {
      release.run();
    }
  }

  @Override
  public boolean holdsCacheMemory() {
    return buffer != null;
  }

  @Override
  public long heapSize() {
    return (array == null ? 0 : array.length) + OVERHEAD;
  }

  @Override
  public BlockCategory category() {
    return category(type);
  }

  static BlockCategory category(BlockType type) {
    return switch (type) {
      case DATA -> BlockCategory.DATA;
      case LEAF_INDEX, INTERMEDIATE_INDEX, ROOT_INDEX -> BlockCategory.INDEX;
      case BLOOM_CHUNK, BLOOM_INDEX -> BlockCategory.BLOOM;
      case FILE_INFO -> BlockCategory.META;
    };
  }

  @Override
  public String toString() {
    return type + " block at " + handle.offset() + " (" + length + " bytes"
        + (buffer != null ? ", shared" : "") + ")";
  }
}
