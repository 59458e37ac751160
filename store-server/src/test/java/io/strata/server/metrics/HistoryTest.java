package io.strata.server.metrics;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class HistoryTest {
  @Test
  void ratesAreChangesPerSecondAndTheRingKeepsTheNewest() {
    AtomicLong count = new AtomicLong();
    AtomicLong level = new AtomicLong();
    History h = new History(List.of(
        new History.Series("a", "rate", count::get, true),
        new History.Series("a", "level", level::get, false),
        new History.Series("b", "broken", () -> {
          throw new IllegalStateException("unreadable");
        }, false)));
    h.sample(1_000);
    count.set(500);
    level.set(7);
    h.sample(3_000); // 500 in 2 s
    count.set(500);
    h.sample(4_000); // none in 1 s

    List<History.Chart> charts = h.charts();
    assertEquals(List.of("a", "b"), charts.stream().map(History.Chart::title).toList());
    History.Chart a = charts.get(0);
    assertEquals(List.of("rate", "level"), a.lines());
    assertArrayEquals(new long[] {1_000, 3_000, 4_000}, a.times());
    assertTrue(Double.isNaN(a.values().get(0)[0]), "no rate before a second sample");
    assertEquals(250.0, a.values().get(0)[1]);
    assertEquals(0.0, a.values().get(0)[2]);
    assertArrayEquals(new double[] {0, 7, 7}, a.values().get(1));
    assertTrue(Double.isNaN(charts.get(1).values().get(0)[2]), "a gap, not a dead sampler");

    for (int i = 0; i < History.POINTS + 10; i++) {
      level.set(i);
      h.sample(5_000 + i * 1_000L);
    }
    History.Chart full = h.charts().get(0);
    assertEquals(History.POINTS, full.times().length);
    assertEquals(5_000 + 10 * 1_000L, full.times()[0]);
    assertEquals(History.POINTS + 9.0, full.values().get(1)[History.POINTS - 1]);
    h.close();
  }
}
