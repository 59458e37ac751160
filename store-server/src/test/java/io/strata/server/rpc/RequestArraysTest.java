package io.strata.server.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class RequestArraysTest {
  private static final int MB = 1 << 20;

  @Test
  void onlyLargeBlocksAreLentAndNoneWhenNothingIsKept() {
    RequestArrays arrays = new RequestArrays(32 * MB);
    assertFalse(arrays.lends(RequestArrays.SMALLEST - 1));
    assertTrue(arrays.lends(RequestArrays.SMALLEST));
    assertFalse(new RequestArrays(0).lends(64 * MB), "0 keeps none, so lends none");
    assertThrows(IllegalArgumentException.class, () -> new RequestArrays(-1));
  }

  @Test
  void anArrayGivenBackIsTakenAgainForABlockItFitsAtLeastHalfOf() {
    RequestArrays arrays = new RequestArrays(32 * MB);
    byte[] a = arrays.take(2 * MB + 100);
    assertEquals(2 * MB + 64 * 1024, a.length, "rounded up to 64 KB");
    arrays.give(a);
    assertEquals(a.length, arrays.keptBytes());
    assertNotSame(a, arrays.take(2 * MB + 64 * 1024 + 1), "too short for it");
    assertNotSame(a, arrays.take(MB), "more than twice as long as it needs");
    assertSame(a, arrays.take(2 * MB), "a batch a little shorter than the first");
    assertEquals(0, arrays.keptBytes());
    assertNotSame(a, arrays.take(2 * MB), "lent once at a time");
  }

  @Test
  void theLastGivenIsTakenFirstAndTheOldestMakeRoom() {
    RequestArrays arrays = new RequestArrays(5 * MB);
    byte[] first = arrays.take(2 * MB);
    byte[] second = arrays.take(2 * MB);
    byte[] third = arrays.take(2 * MB);
    arrays.give(first);
    arrays.give(second);
    arrays.give(third); // 6 MB over 5: the first goes
    assertEquals(4 * MB, arrays.keptBytes());
    assertSame(third, arrays.take(2 * MB));
    assertSame(second, arrays.take(2 * MB));
    assertNotSame(first, arrays.take(2 * MB));
    arrays.give(new byte[6 * MB]);
    assertEquals(0, arrays.keptBytes(), "one larger than the whole room is not kept");
  }

  @Test
  void manyThreadsTakingAndGivingNeverShareAnArray() throws Exception {
    RequestArrays arrays = new RequestArrays(16 * MB);
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      int seed = t;
      threads.add(new Thread(() -> {
        Random rnd = new Random(seed);
        try {
          for (int i = 0; i < 300; i++) {
            int length = RequestArrays.SMALLEST + rnd.nextInt(MB);
            byte[] a = arrays.take(length);
            byte mark = (byte) rnd.nextInt();
            java.util.Arrays.fill(a, 0, length, mark);
            Thread.yield();
            for (int j = 0; j < length; j += 4093) {
              if (a[j] != mark) {
                throw new AssertionError("an array lent to two threads at once");
              }
            }
            arrays.give(a);
          }
        } catch (Throwable e) {
          failures.add(e);
        }
      }));
    }
    threads.forEach(Thread::start);
    for (Thread t : threads) {
      t.join();
    }
    assertEquals(List.of(), failures);
  }
}
