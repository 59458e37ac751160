package io.strata.shell.pe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.Bytes;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Keys and values laid out as HBase's tool lays them out. */
class RowKeysTest {
  @Test
  void keysAre26ZeroPaddedDigits() {
    assertEquals("00000000000000000000000000", Bytes.toString(RowKeys.format(0)));
    assertEquals("00000000000000000000000005", Bytes.toString(RowKeys.format(5)));
    assertEquals("00000000000000002147483647",
        Bytes.toString(RowKeys.format(Integer.MAX_VALUE)));
    assertEquals("00000000000000002147483648",
        Bytes.toString(RowKeys.format(Integer.MAX_VALUE + 1L)));
    assertEquals("00000009223372036854775807", Bytes.toString(RowKeys.format(Long.MAX_VALUE)));
    Random r = new Random(3);
    for (int k = 0; k < 1000; k++) {
      long n = k % 2 == 0 ? r.nextInt(Integer.MAX_VALUE) : r.nextLong() & Long.MAX_VALUE;
      assertEquals(String.format("%026d", n), Bytes.toString(RowKeys.format(n)));
    }
  }

  @Test
  void aSequenceMakesEveryKeyAsFormatDoes() {
    RowKeys.Sequence keys = new RowKeys.Sequence();
    Random r = new Random(5);
    byte[] previous = null;
    long previousN = -1;
    long n = 0;
    for (int k = 0; k < 20_000; k++) {
      // Mostly the next row (carries through 9s included), now and then a jump anywhere.
      int pick = r.nextInt(100);
      n = pick < 90 ? n + 1 : pick < 95 ? r.nextInt(1_000_000) * 10L - 1
          : pick < 98 ? (r.nextLong() & Long.MAX_VALUE) / 2 : r.nextInt(50);
      byte[] key = keys.key(n);
      assertArrayEquals(RowKeys.format(n), key, "row " + n);
      if (previous != null) {
        assertTrue(key != previous, "a new array every time");
        assertArrayEquals(RowKeys.format(previousN), previous, "a key given out stays as it was");
      }
      previous = key;
      previousN = n;
    }
    assertEquals("00000000000000000000001000", Bytes.toString(keys.key(1000)));
    assertEquals("00000000000000000000001001", Bytes.toString(keys.key(1001)));
    assertEquals("00000000000000000000000999", Bytes.toString(keys.key(999)));
    assertEquals("00000000000000000000001000", Bytes.toString(keys.key(1000)));
  }

  @Test
  void valuesAreRunsOfEightCapitalLetters() {
    byte[] v = RowKeys.value(new Random(1), 1000);
    assertEquals(1000, v.length);
    for (int i = 0; i < 992; i += 8) {
      for (int j = 1; j < 8; j++) {
        assertEquals(v[i], v[i + j], "byte " + (i + j));
      }
      assertTrue(v[i] >= 'A' && v[i] <= 'Z');
    }
    assertEquals(0, RowKeys.value(new Random(1), 0).length);
    assertEquals(3, RowKeys.value(new Random(1), 3).length);
  }

  @Test
  void randomRowsCoverTheKeySpace() {
    Random r = new Random(42);
    boolean[] seen = new boolean[10];
    for (int i = 0; i < 1000; i++) {
      seen[RowKeys.randomRow(r, 10)] = true;
    }
    for (int i = 0; i < 10; i++) {
      assertTrue(seen[i], "row " + i);
    }
  }

  @Test
  void valueSizesAreFixedUniformOrZipf() {
    PeOptions fixed = new PeOptions();
    assertEquals(1000, new ValueSizes(fixed).next(new Random(1)));
    PeOptions uniform = new PeOptions();
    uniform.valueRandom = true;
    PeOptions zipf = new PeOptions();
    zipf.valueZipf = true;
    ValueSizes u = new ValueSizes(uniform);
    ValueSizes z = new ValueSizes(zipf);
    Random r = new Random(7);
    long uniformSum = 0;
    int zipfOnes = 0;
    int n = 100_000;
    for (int i = 0; i < n; i++) {
      int us = u.next(r);
      assertTrue(us >= 0 && us < 1000, "uniform " + us);
      uniformSum += us;
      int zs = z.next(r);
      assertTrue(zs >= 1 && zs < 1000, "zipf " + zs);
      zipfOnes += zs == 1 ? 1 : 0;
    }
    assertEquals(499.5, uniformSum / (double) n, 5.0);
    // Zipf with exponent 1.2 over 1..999: length 1 has probability 1 / sum(k^-1.2), about 0.23.
    double sum = 0;
    for (int k = 1; k < 1000; k++) {
      sum += Math.pow(k, -1.2);
    }
    assertEquals(1 / sum, zipfOnes / (double) n, 0.01);
  }
}
