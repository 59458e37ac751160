package io.strata.shell.pe;

import java.nio.ByteBuffer;
import java.util.Random;

/**
 * The values pe writes: each a random range of one pool of HBase-style runs (8 copies of a random
 * capital letter), made once for the whole run, as LevelDB's and RocksDB's {@code db_bench} draw
 * theirs from one buffer. A value starts at a multiple of 8, so it is the runs a fresh value
 * would be, and it compresses as one does.
 *
 * <p>Why not a fresh value each row, as HBase's tool makes them: under pe's compiler (C1) a
 * fresh 1,000-byte value took about 1 µs (126 draws and the new array), a quarter of the writing
 * thread and a tenth of a buffered row's CPU, benchmark client and server together, on the two
 * cores the server needs. A range of the pool is one draw. The Put keeps the range, not a copy
 * ({@link io.strata.client.Put#addColumn(byte[], ByteBuffer, long, ByteBuffer)}); nothing writes
 * the pool after it is made, so all clients share it.
 *
 * <p>The pool is 16 MiB: two ranges of it fall together in one 64 KB block (about 64 values of
 * 1,000 bytes) about once in four blocks, so a codec finds no more repeats than in fresh values.
 * Values longer than a quarter of it are made fresh.
 */
final class ValuePool {
  static final int SIZE = 16 << 20;

  private final byte[] pool;

  ValuePool(long seed) {
    this.pool = RowKeys.value(new ClientRandom(seed), SIZE);
  }

  /** Whether values of {@code length} bytes come from the pool. */
  boolean holds(int length) {
    return length <= SIZE / 4;
  }

  /** A random range of {@code length} bytes of the pool, at a multiple of 8; see {@link #holds}. */
  ByteBuffer value(Random rand, int length) {
    int start = rand.nextInt((SIZE - length) / 8 + 1) * 8;
    return ByteBuffer.wrap(pool, start, length);
  }
}
