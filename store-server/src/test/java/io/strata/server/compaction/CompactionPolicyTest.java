package io.strata.server.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class CompactionPolicyTest {
  private final CompactionPolicy policy = new CompactionPolicy(3, 5, 1.2, 1000);

  @Test
  void selectsContiguousRunsByTheRatioRule() {
    // Oldest first. 100 <= 1.2 * (60 + 50 + 40): take from the oldest.
    assertEquals(List.of(0, 1, 2, 3), policy.select(List.of(100L, 60L, 50L, 40L)));
    // 500 > 1.2 * 150: the big old file is skipped; the rest qualify.
    assertEquals(List.of(1, 2, 3), policy.select(List.of(500L, 60L, 50L, 40L)));
    // At most max files.
    assertEquals(List.of(0, 1, 2, 3, 4), policy.select(List.of(10L, 10L, 10L, 10L, 10L, 10L)));
    // Fewer than min files: nothing.
    assertEquals(List.of(), policy.select(List.of(10L, 10L)));
    assertEquals(List.of(), policy.select(List.of(900L, 10L, 10L)));
    // Files above the max size never join and cut a run.
    assertEquals(List.of(2, 3, 4), policy.select(List.of(10L, 2000L, 10L, 10L, 10L)));
    assertEquals(List.of(), policy.select(List.of(10L, 10L, 2000L, 10L, 10L)));
  }

  @Test
  void rejectsImpossibleSettings() {
    assertEquals("compaction policy needs 2 <= min files (1) <= max files (5), a positive ratio "
        + "(1.2) and a positive max file size (10)", assertThrows(IllegalArgumentException.class,
            () -> new CompactionPolicy(1, 5, 1.2, 10)).getMessage());
  }
}
