package io.strata.common.quota;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** HBase's limit forms, read and written back, and the errors for what is not one. */
class ThrottleLimitTest {
  @Test
  void everyFormReadsAndWritesBack() {
    assertEquals(new ThrottleLimit(100, ThrottleLimit.Unit.REQUESTS, TimeUnit.SECONDS),
        ThrottleLimit.parse("100req/sec"));
    assertEquals(new ThrottleLimit(10L << 20, ThrottleLimit.Unit.BYTES, TimeUnit.SECONDS),
        ThrottleLimit.parse("10M/sec"));
    assertEquals(new ThrottleLimit(10, ThrottleLimit.Unit.CAPACITY_UNITS, TimeUnit.MINUTES),
        ThrottleLimit.parse("10CU/min"));
    for (String form : new String[] {"100req/sec", "10M/sec", "10CU/min", "5B/hour", "3K/day",
        "2G/sec", "1T/min", "7P/hour", "1536K/sec"}) {
      assertEquals(form, ThrottleLimit.parse(form).toString(), form);
    }
    assertEquals("2M/sec", ThrottleLimit.parse("2048k/SEC").toString());
    assertEquals(100.0 / 60, ThrottleLimit.parse("100req/min").perSecond(), 1e-9);
  }

  @Test
  void whatIsNotALimitSaysWhichFormsAre() {
    assertEquals("throttle limit '10 apples/sec' is not one of " + ThrottleLimit.FORMS,
        assertThrows(IllegalArgumentException.class,
            () -> ThrottleLimit.parse("10 apples/sec")).getMessage());
    assertEquals("throttle limit '-5req/sec' is negative; a limit is above 0, as "
        + ThrottleLimit.FORMS, assertThrows(IllegalArgumentException.class,
            () -> ThrottleLimit.parse("-5req/sec")).getMessage());
    assertEquals("a throttle limit must be above 0, got 0; to remove a throttle set LIMIT =>"
        + " NONE", assertThrows(IllegalArgumentException.class,
            () -> ThrottleLimit.parse("0req/sec")).getMessage());
    assertEquals("throttle limit '10req/week' is not one of " + ThrottleLimit.FORMS,
        assertThrows(IllegalArgumentException.class,
            () -> ThrottleLimit.parse("10req/week")).getMessage());
  }
}
