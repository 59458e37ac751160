package io.strata.server.regionserver;

import io.strata.common.conf.BlockCacheKeys;
import io.strata.common.conf.RegionKeys;
import io.strata.common.conf.StrataConfiguration;

/**
 * The shares of a region server's heap its memstores and on-heap block cache may fill. Together
 * they may take at most {@link #MAX_TOGETHER}, as in HBase, which refuses to start past 0.8 the
 * same way: the rest holds requests in flight (a tenth by default), scanners, flushes and
 * compactions, and a server configured past it runs out of heap under load instead of answering
 * busy.
 */
final class HeapShares {
  static final double MAX_TOGETHER = 0.8;

  private HeapShares() {}

  /** Refuses shares that leave less than a fifth of the heap, naming both keys. */
  static void check(StrataConfiguration conf) {
    double memstores = conf.get(RegionKeys.GLOBAL_MEMSTORE_HEAP_FRACTION);
    double cache = conf.get(BlockCacheKeys.L1_HEAP_FRACTION);
    if (memstores <= 0 || memstores > MAX_TOGETHER) {
      throw new IllegalArgumentException(RegionKeys.GLOBAL_MEMSTORE_HEAP_FRACTION.name() + " is "
          + memstores + " (from " + conf.sourceOf(RegionKeys.GLOBAL_MEMSTORE_HEAP_FRACTION.name())
          + "); give a fraction of the heap above 0 and at most " + MAX_TOGETHER);
    }
    // Summed in hundredths, so that 0.4 and 0.4 are not refused as 0.8000000000000002.
    if (Math.round(memstores * 100) + Math.round(cache * 100) > Math.round(MAX_TOGETHER * 100)) {
      throw new IllegalArgumentException(RegionKeys.GLOBAL_MEMSTORE_HEAP_FRACTION.name() + " ("
          + memstores + ", from " + conf.sourceOf(RegionKeys.GLOBAL_MEMSTORE_HEAP_FRACTION.name())
          + ") and " + BlockCacheKeys.L1_HEAP_FRACTION.name() + " (" + cache + ", from "
          + conf.sourceOf(BlockCacheKeys.L1_HEAP_FRACTION.name()) + ") together take more than "
          + MAX_TOGETHER + " of the heap; lower one of them, so that requests, scans, flushes "
          + "and compactions keep at least a fifth");
    }
  }
}
