package io.strata.shell.pe;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
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
  void aRejectedDrawAnywhereInAValueLeavesItAsRandomMakesIt() {
    // The generator's state whose next draw Random rejects (see the test above), walked back
    // k - 1 steps: the k-th draw of a value is then the rejected one, first or second of a pair
    // of runs, or among the last runs, drawn one at a time.
    long mask = (1L << 48) - 1;
    long rejectedNext = 0x93f5b5ba8a4bL ^ 0x5DEECE66DL;
    long inverse = BigInteger.valueOf(0x5DEECE66DL).modInverse(BigInteger.ONE.shiftLeft(48))
        .longValue();
    long state = rejectedNext;
    for (int k = 1; k <= 126; k++) {
      long seed = state ^ 0x5DEECE66DL; // Random's constructor scrambles its seed so
      for (int length : new int[] {1000, 24, 25, 17}) {
        Random expected = new Random(seed);
        ClientRandom actual = new ClientRandom(seed);
        assertArrayEquals(RowKeys.value(expected, length), RowKeys.value(actual, length),
            "rejected draw " + k + ", length " + length);
        assertEquals(expected.nextInt(), actual.nextInt(), "the draw after the value");
      }
      state = ((state - 0xBL) * inverse) & mask; // one step back
    }
  }

  @Test
  void valuesAreTheSameAsWithRandom() {
    for (int length : new int[] {0, 1, 7, 8, 9, 16, 17, 1000, 4096}) {
      Random expected = new Random(length);
      Random actual = new ClientRandom(length);
      for (int value = 0; value < 3; value++) {
        assertArrayEquals(RowKeys.value(expected, length), RowKeys.value(actual, length),
            "length " + length + ", value " + value);
      }
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
