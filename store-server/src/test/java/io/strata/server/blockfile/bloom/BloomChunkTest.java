package io.strata.server.blockfile.bloom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Bit positions are the format's, (h1 + j*h2) mod bits with Java's wrapping sum, exactly. */
class BloomChunkTest {
  private static final long[] SIZES = {64, 72, 1000, 4096, 9_586_000, (1L << 33) + 8, 1L << 34};
  private static final long[] EDGES = {0, 1, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x8000_0001L};

  @Test
  void probePositionsAreTheDefinedOnes() {
    Random rnd = new Random(20261125);
    BloomChunk.Probe probe = new BloomChunk.Probe();
    for (int round = 0; round < 20_000; round++) {
      long bits = SIZES[round % SIZES.length];
      long h1 = round < 36 ? EDGES[round % 6] : rnd.nextLong();
      long h2 = round < 36 ? EDGES[round / 6] : rnd.nextLong();
      probe.hash[0] = h1;
      probe.hash[1] = h2;
      probe.start(bits);
      for (int j = 0; j < 40; j++, probe.advance()) {
        assertEquals(Long.remainderUnsigned(h1 + j * h2, bits), probe.position(),
            "h1 " + h1 + " h2 " + h2 + " bits " + bits + " j " + j);
      }
    }
  }

  @Test
  void aWrittenChunkHasTheDefinedBitsAndFindsItsKeys() {
    Random rnd = new Random(7);
    int keys = 500;
    long[] hashes = new long[2 * keys];
    byte[][] rows = new byte[keys][];
    long[] h = new long[2];
    for (int k = 0; k < keys; k++) {
      rows[k] = Bytes.toBytes("row-" + rnd.nextInt());
      Murmur3.hash128(rows[k], 0, rows[k].length, h);
      hashes[2 * k] = h[0];
      hashes[2 * k + 1] = h[1];
    }
    ByteOutput out = new ByteOutput(16);
    BloomChunk.write(hashes, keys, 0.01, out);
    byte[] chunk = out.toByteArray();

    int hashCount = Bytes.toInt(chunk, 0);
    long bits = Bytes.toLong(chunk, 4);
    byte[] expected = new byte[(int) (bits / 8)];
    for (int k = 0; k < keys; k++) {
      for (int j = 0; j < hashCount; j++) {
        long bit = Long.remainderUnsigned(hashes[2 * k] + j * hashes[2 * k + 1], bits);
        expected[(int) (bit >>> 3)] |= (byte) (1 << (bit & 7));
      }
    }
    byte[] actual = java.util.Arrays.copyOfRange(chunk, 12, chunk.length);
    assertArrayEquals(expected, actual);
    for (byte[] row : rows) {
      assertTrue(BloomChunk.mightContain(chunk, 0, chunk.length, row, 0, row.length));
    }
    int falsePositives = 0;
    for (int i = 0; i < 10_000; i++) {
      byte[] absent = Bytes.toBytes("absent-" + i);
      if (BloomChunk.mightContain(chunk, 0, chunk.length, absent, 0, absent.length)) {
        falsePositives++;
      }
    }
    assertTrue(falsePositives < 300, falsePositives + " false positives in 10,000 at 1%");
  }
}
