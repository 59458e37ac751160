package io.strata.server.blockfile;

import io.strata.server.cache.BlockCategory;
import io.strata.server.cache.Cacheable;

/**
 * A block read from storage, checksum verified and decompressed: its payload is
 * {@code array[offset, offset + length)}. The array is never changed after construction, so a
 * block may be shared by readers and kept in the block cache.
 */
public record Block(BlockType type, BlockHandle handle, int encodingId, byte[] array, int offset,
    int length) implements Cacheable {
  /** Object headers and fields of the record and its array. */
  private static final long OVERHEAD = 80;

  @Override
  public long heapSize() {
    return array.length + OVERHEAD;
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
}
