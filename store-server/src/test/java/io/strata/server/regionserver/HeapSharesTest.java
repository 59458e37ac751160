package io.strata.server.regionserver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.conf.StrataConfiguration;
import org.junit.jupiter.api.Test;

class HeapSharesTest {
  @Test
  void theDefaultsAndEightTenthsTogetherAreAccepted() {
    HeapShares.check(StrataConfiguration.defaults());
    HeapShares.check(StrataConfiguration.defaults()
        .set("strata.memstore.global.heap.fraction", "0.6")
        .set("strata.blockcache.l1.heap.fraction", "0.2"));
    HeapShares.check(StrataConfiguration.defaults()
        .set("strata.blockcache.l1.heap.fraction", "0"));
  }

  @Test
  void sharesLeavingLessThanAFifthAreRefusedNamingBothKeys() {
    StrataConfiguration conf = StrataConfiguration.defaults()
        .set("strata.memstore.global.heap.fraction", "0.5");
    assertEquals("strata.memstore.global.heap.fraction (0.5, from set(strata.memstore.global."
        + "heap.fraction)) and strata.blockcache.l1.heap.fraction (0.4, from default) together "
        + "take more than 0.8 of the heap; lower one of them, so that requests, scans, flushes "
        + "and compactions keep at least a fifth",
        assertThrows(IllegalArgumentException.class, () -> HeapShares.check(conf)).getMessage());
  }

  @Test
  void aMemstoreShareOutOfRangeIsRefused() {
    StrataConfiguration conf = StrataConfiguration.defaults()
        .set("strata.memstore.global.heap.fraction", "0");
    assertEquals("strata.memstore.global.heap.fraction is 0.0 (from set(strata.memstore.global."
        + "heap.fraction)); give a fraction of the heap above 0 and at most 0.8",
        assertThrows(IllegalArgumentException.class, () -> HeapShares.check(conf)).getMessage());
  }
}
