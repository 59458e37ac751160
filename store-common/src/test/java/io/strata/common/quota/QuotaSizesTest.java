package io.strata.common.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Space limits as set_quota TYPE => SPACE takes them, and the policies' reach. */
class QuotaSizesTest {
  @Test
  void sizesParseInPowersOf1024AndPrintInTheLargestExactUnit() {
    assertEquals(1L << 30, QuotaSizes.parse("1G", "space limit"));
    assertEquals(512L << 20, QuotaSizes.parse(" 512m ", "space limit"));
    assertEquals(7, QuotaSizes.parse("7B", "space limit"));
    assertEquals(3L << 50, QuotaSizes.parse("3P", "space limit"));
    assertEquals("1G", QuotaSizes.format(1L << 30));
    assertEquals("1536K", QuotaSizes.format(1536L << 10));
    assertEquals("1000B", QuotaSizes.format(1000));
    assertEquals("0B", QuotaSizes.format(0));
    assertEquals("1.5M", QuotaSizes.human(1536L << 10));
    assertEquals("999B", QuotaSizes.human(999));
  }

  @Test
  void badSizesAreRefusedNamingTheForms() {
    assertEquals("space limit '10 apples' is not <number><size unit> (such as 512M or 1G; size"
        + " units B, K, M, G, T, P)", assertThrows(IllegalArgumentException.class,
            () -> QuotaSizes.parse("10 apples", "space limit")).getMessage());
    assertEquals("space limit '-1G' is negative; it is above 0, as <number><size unit> (such as"
        + " 512M or 1G; size units B, K, M, G, T, P)", assertThrows(
            IllegalArgumentException.class, () -> QuotaSizes.parse("-1G", "space limit"))
            .getMessage());
    assertEquals("space limit '0G' is not above 0", assertThrows(IllegalArgumentException.class,
        () -> QuotaSizes.parse("0G", "space limit")).getMessage());
    assertEquals("space limit '99999999P' is too large", assertThrows(
        IllegalArgumentException.class, () -> QuotaSizes.parse("99999999P", "space limit"))
        .getMessage());
    assertEquals("space quota policy 'NO_READS' is not one of NO_INSERTS, NO_WRITES,"
        + " NO_WRITES_COMPACTIONS, DISABLE", assertThrows(IllegalArgumentException.class,
            () -> SpaceViolationPolicy.of("NO_READS")).getMessage());
  }

  @Test
  void onlyNoInsertsLetsDeletesThroughAndOnlyNoWritesCompactionsStopsCompactions() {
    for (SpaceViolationPolicy p : SpaceViolationPolicy.values()) {
      assertTrue(p.refuses(true), p.name());
      assertEquals(p != SpaceViolationPolicy.NO_INSERTS, p.refuses(false), p.name());
      assertEquals(p == SpaceViolationPolicy.NO_WRITES_COMPACTIONS, p.stopsCompactions());
    }
    assertFalse(SpaceViolationPolicy.NO_INSERTS.refuses(false));
  }
}
