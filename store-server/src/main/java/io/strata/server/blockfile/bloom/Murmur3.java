package io.strata.server.blockfile.bloom;

/**
 * MurmurHash3 x64 128-bit (Austin Appleby's public-domain algorithm), seed 0. Bloom filters use
 * the two 64-bit halves for double hashing; the values are durable, so this never changes.
 */
public final class Murmur3 {
  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;

  private Murmur3() {}

  /** Puts h1 and h2 of {@code data[offset, offset+length)} into {@code out[0]} and {@code out[1]}. */
  public static void hash128(byte[] data, int offset, int length, long[] out) {
    long h1 = 0;
    long h2 = 0;
    int blocks = length / 16;
    for (int i = 0; i < blocks; i++) {
      int p = offset + i * 16;
      long k1 = getLongLe(data, p);
      long k2 = getLongLe(data, p + 8);
      k1 *= C1;
      k1 = Long.rotateLeft(k1, 31);
      k1 *= C2;
      h1 ^= k1;
      h1 = Long.rotateLeft(h1, 27);
      h1 += h2;
      h1 = h1 * 5 + 0x52dce729;
      k2 *= C2;
      k2 = Long.rotateLeft(k2, 33);
      k2 *= C1;
      h2 ^= k2;
      h2 = Long.rotateLeft(h2, 31);
      h2 += h1;
      h2 = h2 * 5 + 0x38495ab5;
    }
    long k1 = 0;
    long k2 = 0;
    int tail = offset + blocks * 16;
    switch (length & 15) {
      case 15: k2 ^= (long) (data[tail + 14] & 0xff) << 48; // fall through
      case 14: k2 ^= (long) (data[tail + 13] & 0xff) << 40; // fall through
      case 13: k2 ^= (long) (data[tail + 12] & 0xff) << 32; // fall through
      case 12: k2 ^= (long) (data[tail + 11] & 0xff) << 24; // fall through
      case 11: k2 ^= (long) (data[tail + 10] & 0xff) << 16; // fall through
      case 10: k2 ^= (long) (data[tail + 9] & 0xff) << 8; // fall through
      case 9:
        k2 ^= data[tail + 8] & 0xff;
        k2 *= C2;
        k2 = Long.rotateLeft(k2, 33);
        k2 *= C1;
        h2 ^= k2;
        // fall through
      case 8: k1 ^= (long) (data[tail + 7] & 0xff) << 56; // fall through
      case 7: k1 ^= (long) (data[tail + 6] & 0xff) << 48; // fall through
      case 6: k1 ^= (long) (data[tail + 5] & 0xff) << 40; // fall through
      case 5: k1 ^= (long) (data[tail + 4] & 0xff) << 32; // fall through
      case 4: k1 ^= (long) (data[tail + 3] & 0xff) << 24; // fall through
      case 3: k1 ^= (long) (data[tail + 2] & 0xff) << 16; // fall through
      case 2: k1 ^= (long) (data[tail + 1] & 0xff) << 8; // fall through
      case 1:
        k1 ^= data[tail] & 0xff;
        k1 *= C1;
        k1 = Long.rotateLeft(k1, 31);
        k1 *= C2;
        h1 ^= k1;
        break;
      default:
        break;
    }
    h1 ^= length;
    h2 ^= length;
    h1 += h2;
    h2 += h1;
    h1 = fmix(h1);
    h2 = fmix(h2);
    h1 += h2;
    h2 += h1;
    out[0] = h1;
    out[1] = h2;
  }

  private static long getLongLe(byte[] b, int p) {
    return (b[p] & 0xffL) | (b[p + 1] & 0xffL) << 8 | (b[p + 2] & 0xffL) << 16
        | (b[p + 3] & 0xffL) << 24 | (b[p + 4] & 0xffL) << 32 | (b[p + 5] & 0xffL) << 40
        | (b[p + 6] & 0xffL) << 48 | (b[p + 7] & 0xffL) << 56;
  }

  private static long fmix(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }
}
