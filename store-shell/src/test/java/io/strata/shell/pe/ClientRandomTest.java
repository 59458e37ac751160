package io.strata.shell.pe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** A client's random numbers are java.util.Random's, draw for draw. */
class ClientRandomTest {
  @Test
  void drawsTheSameSequenceAsRandom() {
    for (long seed : new long[] {0, 1, 42, -7, Long.MAX_VALUE, Long.MIN_VALUE}) {
      Random expected = new Random(seed);
      Random actual = new ClientRandom(seed);
      for (int i = 0; i < 1000; i++) {
        assertEquals(expected.nextInt(26), actual.nextInt(26), "seed " + seed + " draw " + i);
        assertEquals(expected.nextInt(), actual.nextInt());
        assertEquals(expected.nextLong(), actual.nextLong());
        assertEquals(expected.nextDouble(), actual.nextDouble());
        assertEquals(expected.nextGaussian(), actual.nextGaussian());
      }
    }
  }

  @Test
  void nextBelowDrawsAsNextInt() {
    int[] bounds = {1, 2, 3, 7, 16, 26, 1000, 1 << 30, (1 << 30) + 1, Integer.MAX_VALUE};
    Random expected = new Random(77);
    ClientRandom actual = new ClientRandom(77);
    for (int i = 0; i < 20_000; i++) {
      int bound = bounds[i % bounds.length];
      assertEquals(expected.nextInt(bound), actual.nextBelow(bound), "draw " + i);
    }
    assertThrows(IllegalArgumentException.class, () -> actual.nextBelow(0));
  }

  @Test
  void valuesAreTheSameAsWithRandom() {
    for (int length : new int[] {0, 1, 7, 8, 9, 16, 17, 1000, 4096}) {
      assertArrayEquals(RowKeys.value(new Random(length), length),
          RowKeys.value(new ClientRandom(length), length), "length " + length);
    }
  }

  @Test
  void reseedingRestartsTheSequence() {
    Random r = new ClientRandom(5);
    int first = r.nextInt();
    r.nextGaussian(); // leaves a cached second gaussian, which setSeed must drop
    r.setSeed(5);
    assertEquals(first, r.nextInt());
    Random expected = new Random(5);
    expected.nextInt();
    assertEquals(expected.nextGaussian(), r.nextGaussian());
  }
}
