package io.strata.shell.pe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ValuePoolTest {
  private static final ValuePool POOL = new ValuePool(41);

  private static byte[] bytes(ByteBuffer b) {
    byte[] a = new byte[b.remaining()];
    b.duplicate().get(a);
    return a;
  }

  @Test
  void aValueIsRunsOfEightCapitalLettersFromAMultipleOfEight() {
    Random rand = new Random(3);
    int[] lengths = {0, 1, 7, 8, 9, 1000, 4096, ValuePool.SIZE / 4};
    int lowest = Integer.MAX_VALUE;
    int highest = 0;
    for (int k = 0; k < 20_000; k++) {
      // The largest length once in a hundred draws: each is 4 MiB to check.
      int length = k % 100 == 99 ? ValuePool.SIZE / 4 : lengths[k % (lengths.length - 1)];
      assertTrue(POOL.holds(length));
      ByteBuffer v = POOL.value(rand, length);
      assertEquals(length, v.remaining());
      assertEquals(0, v.position() % 8, "start " + v.position());
      assertTrue(v.limit() <= ValuePool.SIZE);
      if (length == 1000) {
        lowest = Math.min(lowest, v.position());
        highest = Math.max(highest, v.position());
      }
      byte[] a = bytes(v);
      for (int i = 0; i < a.length; i++) {
        if (a[i] < 'A' || a[i] > 'Z' || a[i - i % 8] != a[i]) {
          fail("byte " + i + " of a value of " + length + ": " + Arrays.toString(
              Arrays.copyOfRange(a, i - i % 8, Math.min(a.length, i - i % 8 + 8))));
        }
      }
    }
    // The starts reach both ends of the pool.
    assertTrue(lowest < ValuePool.SIZE / 100, "lowest start " + lowest);
    assertTrue(highest > ValuePool.SIZE - ValuePool.SIZE / 100 - 1000, "highest " + highest);
    assertFalse(POOL.holds(ValuePool.SIZE / 4 + 1));
  }

  @Test
  void theRunsLettersAreEvenlySpread() {
    ByteBuffer all = POOL.value(new Random(1), ValuePool.SIZE / 4);
    long[] counts = new long[26];
    for (int i = all.position(); i < all.limit(); i += 8) {
      counts[all.get(i) - 'A']++;
    }
    long runs = (ValuePool.SIZE / 4) / 8;
    for (int c = 0; c < 26; c++) {
      assertEquals(runs / 26.0, counts[c], runs / 26.0 * 0.02, "letter " + (char) ('A' + c));
    }
  }

  @Test
  void aSeedMakesOnePool() {
    ValuePool same = new ValuePool(41);
    ValuePool other = new ValuePool(42);
    byte[] a = bytes(POOL.value(new Random(5), 4096));
    assertArrayEquals(a, bytes(same.value(new Random(5), 4096)));
    assertNotEquals(Arrays.toString(a), Arrays.toString(bytes(other.value(new Random(5), 4096))));
  }
}
