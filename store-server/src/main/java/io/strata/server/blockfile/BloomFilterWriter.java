package io.strata.server.blockfile;

import io.strata.common.cell.Cell;
import io.strata.common.schema.BloomType;
import io.strata.common.util.ByteOutput;
import io.strata.server.blockfile.bloom.BloomChunk;
import io.strata.server.blockfile.bloom.BloomKeys;
import io.strata.server.blockfile.bloom.Murmur3;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Collects the bloom keys of a file as cells arrive in order, cuts them into chunks sized for
 * the error rate, and records each chunk under its first key in the bloom index. A key repeated
 * by neighbouring cells (versions, columns of one row) is added once. Finished chunks are held
 * until the data blocks are written, so the data section of the file stays contiguous.
 */
final class BloomFilterWriter {
  interface ChunkSink {
    BlockHandle write(ByteOutput payload) throws IOException;
  }

  private final BloomType type;
  private final double errorRate;
  private final int maxKeysPerChunk;
  private final ByteOutput current = new ByteOutput(64);
  private final ByteOutput previous = new ByteOutput(64);
  private final List<byte[]> chunkKeys = new ArrayList<>();
  private final List<ByteOutput> chunks = new ArrayList<>();
  private long[] hashes;
  /** The last key's hash, a field: its array was allocated anew for every key. */
  private final long[] hash = new long[2];
  private int keysInChunk;
  private byte[] chunkFirstKey;
  private long totalKeys;

  BloomFilterWriter(BloomType type, double errorRate, int chunkBytes) {
    this.type = type;
    this.errorRate = errorRate;
    this.maxKeysPerChunk = Math.max(1,
        (int) (chunkBytes * 8L / BloomChunk.bitsPerKey(errorRate)));
    this.hashes = new long[2 * Math.min(maxKeysPerChunk, 1024)];
  }

  void add(Cell c) {
    current.reset();
    BloomKeys.write(type, c, current);
    if (totalKeys > 0 && Arrays.equals(current.array(), 0, current.size(), previous.array(), 0,
        previous.size())) {
      return;
    }
    if (keysInChunk == maxKeysPerChunk) {
      finishChunk();
    }
    if (keysInChunk == 0) {
      chunkFirstKey = current.toByteArray();
    }
    if (2 * keysInChunk + 2 > hashes.length) {
      hashes = Arrays.copyOf(hashes, hashes.length * 2);
    }
    Murmur3.hash128(current.array(), 0, current.size(), hash);
    hashes[2 * keysInChunk] = hash[0];
    hashes[2 * keysInChunk + 1] = hash[1];
    keysInChunk++;
    totalKeys++;
    previous.reset();
    previous.write(current.array(), 0, current.size());
  }

  private void finishChunk() {
    ByteOutput payload =
        new ByteOutput(16 + (int) (keysInChunk * BloomChunk.bitsPerKey(errorRate) / 8));
    BloomChunk.write(hashes, keysInChunk, errorRate, payload);
    chunkKeys.add(chunkFirstKey);
    chunks.add(payload);
    keysInChunk = 0;
  }

  /**
   * Adds a finished chunk of another file, whose keys all sort at or after every key added so
   * far. A chunk being filled is closed first, so chunks keep the order of their keys. The
   * file's keys are counted once its chunks are in ({@link #addKeysOf}).
   */
  void addChunk(byte[] firstKey, byte[] payload, int offset, int length) {
    if (keysInChunk > 0) {
      finishChunk();
    }
    ByteOutput copy = new ByteOutput(length);
    copy.write(payload, offset, length);
    chunkKeys.add(firstKey);
    chunks.add(copy);
  }

  /**
   * Counts the {@code keys} bloom keys of a file whose chunks were added, from the one of cell
   * {@code first} to the one of cell {@code last}: a key the last added one repeats (a row
   * spanning the join) counts once, as it would have been added once, and keys added after
   * are told apart from the file's last.
   */
  void addKeysOf(Cell first, Cell last, long keys) {
    current.reset();
    BloomKeys.write(type, first, current);
    if (totalKeys > 0 && Arrays.equals(current.array(), 0, current.size(), previous.array(), 0,
        previous.size())) {
      keys--;
    }
    totalKeys += keys;
    previous.reset();
    BloomKeys.write(type, last, previous);
  }

  /** Writes every chunk; returns their index entries. */
  List<IndexEntry> finish(ChunkSink sink) throws IOException {
    if (keysInChunk > 0) {
      finishChunk();
    }
    List<IndexEntry> index = new ArrayList<>();
    for (int i = 0; i < chunks.size(); i++) {
      index.add(new IndexEntry(chunkKeys.get(i), sink.write(chunks.get(i))));
    }
    return index;
  }

  long keyCount() {
    return totalKeys;
  }
}
