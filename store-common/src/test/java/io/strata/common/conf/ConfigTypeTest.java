package io.strata.common.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ConfigTypeTest {
  private static long size(String s) {
    return ConfigType.SIZE_BYTES.parse("strata.k", s, "test");
  }

  private static Duration duration(String s) {
    return ConfigType.DURATION_TYPE.parse("strata.k", s, "test");
  }

  @Test
  void sizesUseBinaryUnits() {
    assertEquals(512, size("512"));
    assertEquals(64 * 1024, size("64k"));
    assertEquals(64 * 1024, size("64KB"));
    assertEquals(64 * 1024, size("64KiB"));
    assertEquals(128L << 20, size("128m"));
    assertEquals(128L << 20, size(" 128 MB "));
    assertEquals(3L << 29, size("1.5g"));
    assertEquals(2L << 40, size("2t"));
    assertEquals(7, size("7b"));
  }

  @Test
  void durationsTakeUnitsAndBareMilliseconds() {
    assertEquals(Duration.ofMillis(500), duration("500"));
    assertEquals(Duration.ofMillis(500), duration("500ms"));
    assertEquals(Duration.ofSeconds(30), duration("30s"));
    assertEquals(Duration.ofMinutes(5), duration("5m"));
    assertEquals(Duration.ofMinutes(5), duration("5min"));
    assertEquals(Duration.ofHours(2), duration("2H"));
    assertEquals(Duration.ofDays(1), duration("1d"));
    assertEquals(Duration.ofMillis(1500), duration("1.5s"));
    assertEquals(Duration.ofNanos(100_000), duration("100us"));
    assertEquals(Duration.ofNanos(1_500), duration("1.5us"));
  }

  @Test
  void badValuesSayWhatWasExpected() {
    assertEquals("configuration key 'strata.k' has value '12x' (from test), which is not a size "
        + "such as 512, 64k, 128m, 1.5g or 2t (binary units: 1k = 1024 bytes); fix it there",
        assertThrows(IllegalArgumentException.class, () -> size("12x")).getMessage());
    assertEquals("configuration key 'strata.k' has value 'soon' (from test), which is not a "
        + "duration such as 100us, 500ms, 30s, 5m, 2h or 1d (a bare number is milliseconds); "
        + "fix it there",
        assertThrows(IllegalArgumentException.class, () -> duration("soon")).getMessage());
    assertEquals("configuration key 'strata.k' has value 'yes' (from f.xml), which is not true or "
        + "false; fix it there", assertThrows(IllegalArgumentException.class,
            () -> ConfigType.BOOLEAN.parse("strata.k", "yes", "f.xml")).getMessage());
    assertEquals("configuration key 'strata.k' has value '1.5' (from f.xml), which is not a whole "
        + "number; fix it there", assertThrows(IllegalArgumentException.class,
            () -> ConfigType.INT.parse("strata.k", "1.5", "f.xml")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> size("99999999999t"));
  }
}
