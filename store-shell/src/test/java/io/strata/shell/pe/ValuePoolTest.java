package io.strata.shell.pe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.ByteBuffer;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ValuePoolTest {
  private static final ValuePool POOL = new ValuePool(41);

  private static byte[] bytes(ByteBuffer b) {
    byte[] a = new byte[b.remaining()];
    b.duplicate().get(a);
    return a;
  }

  private static void assertRuns(byte[] a) {
    for (int i = 0; i < a.length; i++) {
      if (a[i] < 'A' || a[i] > 'Z' || a[i - i % 8] != a[i]) {
        fail("byte " + i + " of a value of " + a.length + ": " + Arrays.toString(
            Arrays.copyOfRange(a, i - i % 8, Math.min(a.length, i - i % 8 + 8))));
      }
    }
  }

  @Test
  void aCursorReadsOnThroughThePoolFromMultiplesOfEightAndStartsOverAtItsEnd() {
    int[] lengths = {0, 1, 7, 8, 9, 1000, 4096, 333};
    ValuePool.Cursor cursor = POOL.cursor(3);
    ByteBuffer first = cursor.next(1000);
    assertEquals(0, first.position() % 8);
    byte[] pool = first.array();
    int expected = first.position() + 1000;
    int wraps = 0;
    for (int k = 0; k < 200_000; k++) {
      // The largest length once in a thousand values: each is 4 MiB to check.
      int length = k % 1000 == 999 ? ValuePool.SIZE / 4 : lengths[k % lengths.length];
      assertTrue(POOL.holds(length));
      ByteBuffer v = cursor.next(length);
      assertSame(pool, v.array());
      assertEquals(length, v.remaining());
      if (length > ValuePool.SIZE - expected) {
        expected = 0;
        wraps++;
      }
      assertEquals(expected, v.position(), "value " + k);
      expected += (length + 7) / 8 * 8;
      assertRuns(bytes(v));
    }
    assertTrue(wraps >= 3, "wraps " + wraps);
    assertFalse(POOL.holds(ValuePool.SIZE / 4 + 1));
  }

  @Test
  void clientsStartAtRandomPlacesTheirSeedsChoose() {
    int[] starts = new int[50];
    for (int i = 0; i < starts.length; i++) {
      starts[i] = POOL.cursor(9 + i).next(1).position();
      assertEquals(0, starts[i] % 8);
      assertEquals(starts[i], POOL.cursor(9 + i).next(1).position(), "seed " + (9 + i));
    }
    assertEquals(starts.length, Arrays.stream(starts).distinct().count());
  }

  @Test
  void theRunsLettersAreEvenlySpread() {
    ByteBuffer all = POOL.cursor(1).next(ValuePool.SIZE / 4);
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
    byte[] a = bytes(POOL.cursor(5).next(4096));
    assertArrayEquals(a, bytes(same.cursor(5).next(4096)));
    assertNotEquals(Arrays.toString(a),
        Arrays.toString(bytes(other.cursor(5).next(4096))));
  }
}
