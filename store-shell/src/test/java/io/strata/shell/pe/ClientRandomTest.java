package io.strata.shell.pe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
  void theMultiplicationDividesBy26ExactlyForEveryDraw() {
    for (int u = 0; u >= 0; u++) { // every value of next(31), up to Integer.MAX_VALUE
      if ((int) ((u * ClientRandom.DIV26) >>> 36) != u / 26) {
        throw new AssertionError(u + " / 26 is " + (u / 26));
      }
    }
  }

  @Test
  void aDrawRandomRejectsIsRejectedToo() {
    // The seed whose first next(31) is Integer.MAX_VALUE, in the last, partial run of 26
    // values that nextInt(26) draws again: 0x93f5b5ba8a4b is the LCG's state before it, as
    // Random's constructor scrambles it (xor 0x5DEECE66D).
    long seed = 0x93f5b5ba8a4bL;
    assertEquals(Integer.MAX_VALUE, new Random(seed).nextInt() >>> 1);
    assertArrayEquals(RowKeys.value(new Random(seed), 40),
        RowKeys.value(new ClientRandom(seed), 40));
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
