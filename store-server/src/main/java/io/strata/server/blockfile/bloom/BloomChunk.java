package io.strata.server.blockfile.bloom;

import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;

/**
 * One bloom filter chunk. Payload: {@code hash count u32 | bit count u64 | bits}, bit i at byte
 * i/8, bit i%8. Key k sets bits {@code (h1 + j*h2) mod bitCount} for j in 0..hashCount-1, where
 * (h1, h2) is the Murmur3 x64 128 hash of the key.
 */
public final class BloomChunk {
  private BloomChunk() {}

  /** Each thread's hash and probe: a lookup is on every get's path, so it allocates nothing. */
  private static final ThreadLocal<Probe> PROBE = ThreadLocal.withInitial(Probe::new);

  /**
   * A key's bit positions, {@code (h1 + j*h2) mod bits} for j = 0, 1, ..., with the 64-bit sum
   * taken unsigned and wrapping as Java's does, found with two divisions per key instead of
   * one per position: each position is the last plus {@code h2 mod bits}, less
   * {@code 2^64 mod bits} when the sum wrapped. Seven probes of a 1% filter made a division each,
   * a tenth of a flush's time.
   */
  static final class Probe {
    final long[] hash = new long[2];
    private long bits;
    private long wrap;
    private long step;
    private long h2;
    private long sum;
    private long position;

    /** Starts on the key hashed into {@link #hash}, in a chunk of {@code bits} bits. */
    void start(long bits) {
      if (bits != this.bits) {
        this.bits = bits;
        this.wrap = (Long.remainderUnsigned(-1L, bits) + 1) % bits; // 2^64 mod bits
      }
      h2 = hash[1];
      sum = hash[0];
      step = Long.remainderUnsigned(h2, bits);
      position = Long.remainderUnsigned(sum, bits);
    }

    /** The current position; {@link #advance} moves to the next. */
    long position() {
      return position;
    }

    void advance() {
      long next = sum + h2;
      long p = position + step; // both below bits, which is far below 2^62
      if (p >= bits) {
        p -= bits;
      }
      if (Long.compareUnsigned(next, sum) < 0) {
        p -= wrap;
        if (p < 0) {
          p += bits;
        }
      }
      sum = next;
      position = p;
    }
  }

  /** Bits per key for a target false-positive rate: -ln(p) / ln(2)^2. */
  public static double bitsPerKey(double errorRate) {
    return -Math.log(errorRate) / (Math.log(2) * Math.log(2));
  }

  /** Serialises a chunk holding the given key hashes (pairs h1, h2). */
  public static void write(long[] hashes, int keyCount, double errorRate, ByteOutput out) {
    double bpk = bitsPerKey(errorRate);
    long bits = Math.max(64, (long) Math.ceil(keyCount * bpk));
    bits = (bits + 7) / 8 * 8;
    int hashCount = Math.max(1, (int) Math.round(bpk * Math.log(2)));
    byte[] array = new byte[(int) (bits / 8)];
    Probe probe = new Probe();
    for (int k = 0; k < keyCount; k++) {
      probe.hash[0] = hashes[2 * k];
      probe.hash[1] = hashes[2 * k + 1];
      probe.start(bits);
      for (int j = 0; j < hashCount; j++, probe.advance()) {
        long bit = probe.position();
        array[(int) (bit >>> 3)] |= (byte) (1 << (bit & 7));
      }
    }
    out.writeInt(hashCount);
    out.writeLong(bits);
    out.write(array);
  }

  /** True if the key may be in the chunk; false means it certainly is not. */
  public static boolean mightContain(byte[] chunk, int offset, int length, byte[] key, int keyOff,
      int keyLen) {
    if (length < 12) {
      throw new IllegalArgumentException("bloom chunk of " + length + " bytes has no header");
    }
    int hashCount = Bytes.toInt(chunk, offset);
    long bits = Bytes.toLong(chunk, offset + 4);
    if (hashCount < 1 || bits <= 0 || bits / 8 != length - 12) {
      throw new IllegalArgumentException("bloom chunk header does not match its " + length
          + " bytes");
    }
    Probe probe = PROBE.get();
    Murmur3.hash128(key, keyOff, keyLen, probe.hash);
    probe.start(bits);
    int base = offset + 12;
    for (int j = 0; j < hashCount; j++, probe.advance()) {
      long bit = probe.position();
      if ((chunk[base + (int) (bit >>> 3)] & (1 << (bit & 7))) == 0) {
        return false;
      }
    }
    return true;
  }
}
