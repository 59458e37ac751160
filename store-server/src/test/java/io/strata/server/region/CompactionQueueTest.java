package io.strata.server.region;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CompactionQueueTest {
  private static CompactionQueue queue(int threads) {
    return new CompactionQueue(threads, r -> {
      Thread t = new Thread(r, "compaction-test");
      t.setDaemon(true);
      return t;
    });
  }

  /** Work that opens {@code running} and then holds its thread until {@code release} opens. */
  static Runnable holding(CountDownLatch running, CountDownLatch release) {
    return () -> {
      running.countDown();
      try {
        release.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
  }

  /** Takes the queue's one thread until {@code release} opens; returns once it runs. */
  static void occupy(CompactionQueue q, CountDownLatch release) throws Exception {
    CountDownLatch running = new CountDownLatch(1);
    assertTrue(q.offer("busy", CompactionQueue.OPERATOR, 0, holding(running, release)));
    assertTrue(running.await(1, TimeUnit.MINUTES));
  }

  @Test
  void anOperatorsRequestRunsFirstThenTheFullestStoreThenFirstComeFirstServed()
      throws Exception {
    CompactionQueue q = queue(1);
    CountDownLatch release = new CountDownLatch(1);
    occupy(q, release);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    int blocking = 10;
    assertTrue(q.offer("a", blocking - 4, 4, () -> ran.add("a")));
    assertTrue(q.offer("b", blocking - 7, 7, () -> ran.add("b")));
    assertTrue(q.offer("c", CompactionQueue.OPERATOR, 0, () -> ran.add("c")));
    assertTrue(q.offer("d", blocking - 7, 7, () -> ran.add("d")));
    assertTrue(q.offer("e", blocking - 4, 4, () -> ran.add("e")));
    // Merged into the waiting request: no fuller, or fuller and moved up.
    assertFalse(q.offer("b", blocking - 5, 5, () -> ran.add("b twice")));
    assertFalse(q.offer("d", blocking - 7, 7, () -> ran.add("d twice")));
    assertTrue(q.offer("e", blocking - 10, 10, () -> ran.add("e at the blocking count")));
    assertEquals(List.of("c", "e", "b", "d", "a"), q.waitingKeys());
    assertEquals(10, q.mostFilesWaiting(), "the operator's request counts no files");

    release.countDown();
    q.shutdown(1, TimeUnit.MINUTES);
    assertEquals(List.of("c", "e at the blocking count", "b", "d", "a"), ran);
    assertEquals(0, q.mostFilesWaiting());
    assertEquals(List.of(), q.waitingKeys());
    assertFalse(q.offer("f", 0, 10, () -> ran.add("f")), "shut down");
  }

  @Test
  void aRequestMadeWhileItsKeyRunsWaitsAnew() throws Exception {
    CompactionQueue q = queue(1);
    CountDownLatch inA = new CountDownLatch(1);
    CountDownLatch releaseA = new CountDownLatch(1);
    List<String> ran = Collections.synchronizedList(new ArrayList<>());
    Runnable holdA = holding(inA, releaseA);
    assertTrue(q.offer("a", 5, 5, () -> {
      ran.add("a");
      holdA.run();
    }));
    assertTrue(inA.await(1, TimeUnit.MINUTES));
    assertEquals(0, q.mostFilesWaiting(), "running is not waiting");
    assertTrue(q.offer("a", 6, 4, () -> ran.add("a again")), "flushed while it ran: queued");
    assertEquals(4, q.mostFilesWaiting());
    releaseA.countDown();
    q.shutdown(1, TimeUnit.MINUTES);
    assertEquals(List.of("a", "a again"), ran);
  }

  @Test
  void randomRequestsRunInTheOrderOfASortedModel() throws Exception {
    Random rand = new Random(29);
    for (int round = 0; round < 20; round++) {
      CompactionQueue q = queue(1);
      CountDownLatch release = new CountDownLatch(1);
      occupy(q, release);
      List<String> ran = Collections.synchronizedList(new ArrayList<>());
      // The model: per key, its urgency and its number (when first asked for).
      java.util.Map<String, long[]> model = new java.util.HashMap<>();
      long number = 0;
      for (int i = 0; i < 60; i++) {
        String key = "k" + rand.nextInt(15);
        int urgency = rand.nextInt(8) == 0 ? CompactionQueue.OPERATOR : rand.nextInt(12) - 2;
        long[] m = model.get(key);
        boolean expected = m == null || urgency < m[0];
        assertEquals(expected, q.offer(key, urgency, 10 - urgency, () -> ran.add(key)),
            "round " + round + " request " + i + " for " + key);
        if (m == null) {
          model.put(key, new long[] {urgency, ++number});
        } else if (expected) {
          m[0] = urgency;
        }
      }
      List<String> order = new ArrayList<>(model.keySet());
      order.sort((x, y) -> {
        long[] a = model.get(x);
        long[] b = model.get(y);
        return a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]);
      });
      assertEquals(order, q.waitingKeys(), "round " + round);
      release.countDown();
      q.shutdown(1, TimeUnit.MINUTES);
      assertEquals(order, ran, "round " + round);
    }
  }
}
