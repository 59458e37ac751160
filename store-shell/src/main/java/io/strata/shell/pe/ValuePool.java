package io.strata.shell.pe;

import java.nio.ByteBuffer;
import java.util.SplittableRandom;

/**
 * The values pe writes: ranges of one pool of HBase-style runs (8 copies of a random capital
 * letter), made once for the whole run, each client reading on through it from a random start as
 * LevelDB's and RocksDB's {@code db_bench} read theirs from one buffer. A value starts at a
 * multiple of 8, so it is the runs a fresh value would be, and it compresses as one does.
 *
 * <p>Why not a fresh value each row, as HBase's tool makes them: under pe's compiler (C1) a
 * fresh 1,000-byte value took about 1 µs (126 draws and the new array), a quarter of the writing
 * thread and a tenth of a buffered row's CPU, benchmark client and server together, on the two
 * cores the server needs. A range of the pool is no draw at all. The Put keeps the range, not a
 * copy ({@link io.strata.client.Put#addColumn(byte[], ByteBuffer, long, ByteBuffer)}); nothing
 * writes the pool after it is made, so all clients share it.
 *
 * <p>Why one range after another, not a random one each row: the request's encoding copies each
 * value, and ranges drawn at random from 16 MiB made that copy wait for memory (0.45 µs a
 * 1,000-byte value against 0.19 for fresh values); read in order, the processor fetches them
 * ahead. The pool is 16 MiB, so a client's values repeat only after some 16,000 rows of 1,000
 * bytes, far beyond any block a codec compresses at once. Values longer than a quarter of the
 * pool are made fresh.
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

  /**
   * A client's place in the pool, at a multiple of 8 drawn from {@code clientSeed}; for one
   * thread. Drawn apart from the client's own random numbers, so that those draw the keys and
   * value sizes HBase's tool draws for a seed.
   */
  Cursor cursor(long clientSeed) {
    return new Cursor(new SplittableRandom(clientSeed).nextInt(SIZE / 8) * 8);
  }

  /**
   * Reads on through the pool, one value after another; see {@link #holds}. Each value is the
   * same buffer moved on: a Put takes a buffer's array, position and length when it is given it,
   * and a new buffer a value (two objects with their checks, under C1) was a twentieth of
   * pe's writing thread.
   */
  final class Cursor {
    private final ByteBuffer view = ByteBuffer.wrap(pool);
    private int at;

    private Cursor(int at) {
      this.at = at;
    }

    /**
     * The next {@code length} bytes of the pool from a multiple of 8, from its start at its end;
     * valid until the next call.
     */
    ByteBuffer next(int length) {
      if (length > SIZE - at) {
        at = 0;
      }
      view.clear().limit(at + length).position(at);
      at += (length + 7) & ~7;
      return view;
    }
  }
}
