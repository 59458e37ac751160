package io.strata.server.blockfile;

import io.strata.common.schema.BloomType;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.Compression;
import io.strata.common.schema.DataBlockEncoding;

/**
 * How a block file is written. {@code blockSize} is the uncompressed payload size at which a
 * data block is closed; index blocks are cut at {@code indexBlockSize}; bloom chunks hold at most
 * {@code bloomChunkBytes} of bits.
 */
public record BlockFileOptions(int blockSize, Compression compression,
    DataBlockEncoding encoding, BloomType bloomType, double bloomErrorRate, int indexBlockSize,
    int bloomChunkBytes) {
  public static final int DEFAULT_INDEX_BLOCK_SIZE = 128 * 1024;
  public static final int DEFAULT_BLOOM_CHUNK_BYTES = 128 * 1024;

  public BlockFileOptions {
    if (blockSize < 1 || indexBlockSize < 64 || bloomChunkBytes < 64) {
      throw new IllegalArgumentException("block size " + blockSize + ", index block size "
          + indexBlockSize + " and bloom chunk size " + bloomChunkBytes + " must be positive "
          + "(index and bloom at least 64 bytes)");
    }
  }

  /** The family's block size, compression, encoding and bloom settings. */
  public static BlockFileOptions forFamily(ColumnFamilyDescriptor f) {
    return new BlockFileOptions(f.getBlockSize(), f.getCompression(), f.getDataBlockEncoding(),
        f.getBloomFilterType(), f.getBloomErrorRate(), DEFAULT_INDEX_BLOCK_SIZE,
        DEFAULT_BLOOM_CHUNK_BYTES);
  }

  public static BlockFileOptions defaults() {
    return forFamily(ColumnFamilyDescriptor.of("default"));
  }

  public BlockFileOptions withBlockSize(int size) {
    return new BlockFileOptions(size, compression, encoding, bloomType, bloomErrorRate,
        indexBlockSize, bloomChunkBytes);
  }

  public BlockFileOptions withIndexBlockSize(int size) {
    return new BlockFileOptions(blockSize, compression, encoding, bloomType, bloomErrorRate,
        size, bloomChunkBytes);
  }

  public BlockFileOptions withBloomChunkBytes(int size) {
    return new BlockFileOptions(blockSize, compression, encoding, bloomType, bloomErrorRate,
        indexBlockSize, size);
  }

  public BlockFileOptions withCompression(Compression c) {
    return new BlockFileOptions(blockSize, c, encoding, bloomType, bloomErrorRate,
        indexBlockSize, bloomChunkBytes);
  }

  public BlockFileOptions withEncoding(DataBlockEncoding e) {
    return new BlockFileOptions(blockSize, compression, e, bloomType, bloomErrorRate,
        indexBlockSize, bloomChunkBytes);
  }

  public BlockFileOptions withBloom(BloomType type, double errorRate) {
    return new BlockFileOptions(blockSize, compression, encoding, type, errorRate,
        indexBlockSize, bloomChunkBytes);
  }
}
