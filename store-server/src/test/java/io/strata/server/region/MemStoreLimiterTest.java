package io.strata.server.region;

import static io.strata.server.region.RegionFixture.CF1;
import static io.strata.server.region.RegionFixture.put;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.error.ServerBusyException;
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
}
