package io.strata.server.compaction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CompactionThroughputTest {
  private static final long MB = 1 << 20;

  /** The defaults: 50 MB/s at 3 files or fewer, rising to 100 MB/s at 15, none at 16. */
  @Test
  void theLimitRisesWithTheFilesAndIsLiftedAtTheBlockingCount() {
    CompactionThroughput t = new CompactionThroughput(50 * MB, 100 * MB, 3, 16);
    long[] expected = {50 * MB, 50 * MB, 50 * MB, 50 * MB,
        50 * MB + Math.round(50 * MB / 12.0), 50 * MB + Math.round(50 * MB * 2 / 12.0),
        75 * MB, 50 * MB + Math.round(50 * MB * 10 / 12.0), 100 * MB, 0, 0};
    int[] files = {0, 1, 2, 3, 4, 5, 9, 13, 15, 16, 40};
    for (int i = 0; i < files.length; i++) {
      assertEquals(expected[i], t.bytesPerSecond(files[i]), files[i] + " files");
    }
  }

  @Test
  void aFixedRateHoldsBelowTheBlockingCountAndZeroIsNoLimit() {
    CompactionThroughput fixed = CompactionThroughput.fixed(7, 3);
    assertEquals(7, fixed.bytesPerSecond(0));
    assertEquals(7, fixed.bytesPerSecond(2));
    assertEquals(0, fixed.bytesPerSecond(3));
    CompactionThroughput none = new CompactionThroughput(0, 0, 3, 16);
    for (int files = 0; files < 20; files++) {
      assertEquals(0, none.bytesPerSecond(files));
    }
    // No room between the minimum and the blocking count: the higher bound past the minimum.
    CompactionThroughput tight = new CompactionThroughput(10, 20, 3, 4);
    assertEquals(10, tight.bytesPerSecond(3));
    assertEquals(0, tight.bytesPerSecond(4));
  }

  @Test
  void boundsThatCannotBeMetAreRefusedSayingWhy() {
    IllegalArgumentException inverted = assertThrows(IllegalArgumentException.class,
        () -> new CompactionThroughput(100 * MB, 50 * MB, 3, 16));
    assertTrue(inverted.getMessage().contains("lower bound (104857600 bytes/s) must be above 0 "
        + "and at most its higher bound (52428800 bytes/s)"), inverted.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new CompactionThroughput(0, 5, 3, 16));
    assertThrows(IllegalArgumentException.class, () -> new CompactionThroughput(-1, 0, 3, 16));
  }
}
