package io.strata.shell.chaos;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What each policy draws from, the action names, and the MTTR tool's percentiles. */
class ChaosPolicyTest {
  @Test
  void calmKillsNothingAndTheOthersDrawFromEveryAction() {
    assertEquals(List.of(ChaosAction.MOVE_REGION, ChaosAction.SPLIT_REGION,
        ChaosAction.MERGE_REGIONS, ChaosAction.FLUSH, ChaosAction.COMPACT),
        ChaosPolicy.CALM.actions());
    assertEquals(List.of(ChaosAction.values()), ChaosPolicy.SLOW.actions());
    assertEquals(List.of(ChaosAction.values()), ChaosPolicy.FAST.actions());
    assertTrue(ChaosPolicy.FAST.pause().compareTo(ChaosPolicy.SLOW.pause()) < 0);
  }

  @Test
  void namesAreThoseOfTheCommandLine() {
    assertEquals(ChaosPolicy.FAST, ChaosPolicy.of("fast"));
    assertEquals(ChaosAction.CUT_OFF, ChaosAction.of("cut-off"));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ChaosAction.of("kill-everything"));
    assertEquals("no chaos action 'kill-everything'; the actions are kill-regionserver, "
        + "kill-master, graceful-restart, cut-off, move-region, split-region, merge-regions, "
        + "flush, compact", e.getMessage());
    assertEquals("no chaos policy 'wild'; say slow, fast or calm",
        assertThrows(IllegalArgumentException.class, () -> ChaosPolicy.of("wild"))
            .getMessage());
  }

  @Test
  void percentilesAreByNearestRank() {
    List<Long> twenty = new java.util.ArrayList<>();
    for (long i = 20; i >= 1; i--) {
      twenty.add(i * 100);
    }
    assertEquals(1000, MttrMain.pct(twenty, 50));
    assertEquals(1800, MttrMain.pct(twenty, 90));
    assertEquals(2000, MttrMain.pct(twenty, 99));
    assertEquals(2000, MttrMain.pct(twenty, 100));
    assertEquals(0, MttrMain.pct(List.of(), 50));
  }
}
