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

  /** Each thread's two hash halves: a lookup is on every get's path, so it allocates nothing. */
  private static final ThreadLocal<long[]> HASH = ThreadLocal.withInitial(() -> new long[2]);

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
    for (int k = 0; k < keyCount; k++) {
      long h1 = hashes[2 * k];
      long h2 = hashes[2 * k + 1];
      for (int j = 0; j < hashCount; j++) {
        long bit = Long.remainderUnsigned(h1 + j * h2, bits);
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
    long[] h = HASH.get();
    Murmur3.hash128(key, keyOff, keyLen, h);
    int base = offset + 12;
    for (int j = 0; j < hashCount; j++) {
      long bit = Long.remainderUnsigned(h[0] + j * h[1], bits);
      if ((chunk[base + (int) (bit >>> 3)] & (1 << (bit & 7))) == 0) {
        return false;
      }
    }
    return true;
  }
}
