package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.put;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.error.ServerBusyException;
import io.strata.server.scan.ScanSpec;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MemStoreLimiterTest {
  @TempDir
  java.nio.file.Path tmp;

  @Test
  void flushesTheLargestRegionAboveTheLowerLimitAndRefusesWritesAboveTheUpper()
      throws Exception {
    List<Region> flushRequests = new ArrayList<>();
    MemStoreLimiter limiter = new MemStoreLimiter("rs1", 2_000, 4_000, flushRequests::add);
    try (RegionFixture f = new RegionFixture(tmp, 1, limiter)) {
      int i = 0;
      while (limiter.globalSize() < 1_500) { // a cell takes well under 500 bytes of heap
        f.mutate("r" + i, put("r" + i, CF1, "q", 1, "x".repeat(100)));
        i++;
      }
      assertTrue(limiter.globalSize() < 2_000, limiter.globalSize() + " bytes");
      assertEquals(List.of(), flushRequests);
      while (limiter.globalSize() < 2_000) {
        f.mutate("r" + i, put("r" + i, CF1, "q", 1, "x".repeat(100)));
        i++;
      }
      assertTrue(limiter.globalSize() >= 2_000);
      assertEquals(f.region, flushRequests.get(0), "the largest region is asked to flush");
      while (limiter.globalSize() < 4_000) {
        f.mutate("more", put("more", CF1, "q" + limiter.globalSize(), 1, "x".repeat(100)));
      }
      long size = limiter.globalSize();
      ServerBusyException e = assertThrows(ServerBusyException.class,
          () -> f.mutate("r", put("r", CF1, "q", 1, "v")));
      assertEquals("server rs1 is too busy: memstores hold " + size + " bytes, at or above the "
          + "upper limit of 4000 bytes, while flushes catch up; retry after backing off",
          e.getMessage());
      assertTrue(e.isRetryable());
      f.region.flush();
      assertEquals(0, limiter.globalSize());
      // The heap counted: each cell's bytes and its objects.
      f.mutate("h", put("h", CF1, "q", 1, "v"));
      assertEquals(f.region.memStoreSize() + io.strata.server.memstore.Segment.CELL_HEAP_OVERHEAD,
          limiter.globalSize());
      f.region.flush();
      f.mutate("r", put("r", CF1, "q", 1, "accepted again"));
    }
  }

  /**
   * A dead server's edits replayed on open flush as they go once memstores are above the lower
   * limit, instead of all landing in the opening region's memstore; every edit is still there,
   * and a second crash replays nothing twice into a file's range.
   */
  @Test
  void replayFlushesAsItGoesAboveTheLowerLimit() throws Exception {
    try (RegionFixture f = new RegionFixture(tmp, RegionFixture.table(
        io.strata.common.schema.ColumnFamilyDescriptor.newBuilder(CF1), 1), null,
        RegionFixture.compactions(false, 1000))) {
      int rows = 600; // each well over 100 bytes of heap: 600 are far above the lower limit
      for (int i = 0; i < rows; i++) {
        String row = String.format("r%04d", i);
        f.mutate(row, put(row, CF1, "q", 1, "x".repeat(100)));
      }
      f.crash();
      List<Region> flushRequests = new ArrayList<>();
      f.limiter = new MemStoreLimiter("rs1", 20_000, 40_000, flushRequests::add);
      f.restart();
      Store store = f.region.stores().get(CF1);
      // A replay that never flushed as it went ends in 1 file. Flushing at the lower limit,
      // looked at every 64 entries, a file holds at most 20,000 bytes and 64 cells' heap more.
      int perFileAtMost = 20_000 / 250 + 64;
      assertTrue(store.fileCount() >= rows / perFileAtMost, store.fileCount() + " file(s)");
      assertEquals(0, limiter(f).globalSize(), "the end of the replay flushed the rest");
      assertEquals(rows, rowsOf(f.region));
      f.crash();
      f.restart();
      assertEquals(rows, rowsOf(f.region));
      assertEquals(0, f.region.memStoreSize(), "nothing replayed past the flushed files");
    }
  }

  private static MemStoreLimiter limiter(RegionFixture f) {
    return f.limiter;
  }

  private static int rowsOf(Region region) throws java.io.IOException {
    int rows = 0;
    try (RegionScanner s = region.scanner(ScanSpec.all())) {
      while (s.nextRow() != null) {
        rows++;
      }
    }
    return rows;
  }
}
