package io.strata.server.memstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class MvccTest {
  @Test
  void theReadPointWaitsForEveryEarlierEdit() {
    Mvcc mvcc = new Mvcc(10);
    Mvcc.WriteEntry a = mvcc.begin();
    Mvcc.WriteEntry b = mvcc.begin();
    Mvcc.WriteEntry c = mvcc.begin();
    assertEquals(11, a.writeNumber());
    assertEquals(13, c.writeNumber());
    mvcc.complete(c);
    assertEquals(10, mvcc.readPoint());
    mvcc.complete(a);
    assertEquals(11, mvcc.readPoint());
    mvcc.complete(b);
    assertEquals(13, mvcc.readPoint());
    assertEquals(13, mvcc.writePoint());
  }

  @Test
  void concurrentEditsAreSeenInOrderAndEveryWriterSeesItsOwn() throws Exception {
    Mvcc mvcc = new Mvcc(0);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    AtomicLong maxSeenBackwards = new AtomicLong();
    List<Future<?>> futures = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      futures.add(pool.submit(() -> {
        long last = 0;
        for (int i = 0; i < 2000; i++) {
          Mvcc.WriteEntry e = mvcc.begin();
          mvcc.completeAndWait(e);
          long rp = mvcc.readPoint();
          assertTrue(rp >= e.writeNumber(), "writer must see its own edit");
          if (rp < last) {
            maxSeenBackwards.incrementAndGet();
          }
          last = rp;
        }
        return null;
      }));
    }
    for (Future<?> f : futures) {
      f.get();
    }
    pool.shutdown();
    assertEquals(0, maxSeenBackwards.get(), "the read point never moves backwards");
    assertEquals(16000, mvcc.readPoint());
  }
}
