package io.strata.server.region;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LogShrinkerTest {
  @Test
  void findsTheTwoStepsThatTogetherFail() {
    List<Integer> log = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      log.add(i);
    }
    // Fails when step 137 comes before step 402: the shortest log is exactly those two.
    List<Integer> shortest = LogShrinker.shrink(log, l -> {
      int a = l.indexOf(137);
      int b = l.indexOf(402);
      return a >= 0 && b > a;
    }, 1000);
    assertEquals(List.of(137, 402), shortest);
  }

  @Test
  void aSingleCulpritShrinksToOneStep() {
    List<Integer> log = new ArrayList<>();
    for (int i = 0; i < 64; i++) {
      log.add(i);
    }
    assertEquals(List.of(63), LogShrinker.shrink(log, l -> l.contains(63), 1000));
  }
}
