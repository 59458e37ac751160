package io.strata.shell.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ToolOptionsTest {
  private static final Set<String> KNOWN = Set.of("nodes", "duration");

  @Test
  void splitsWordsAndOptions() {
    ToolOptions o = ToolOptions.parse(new String[] {"generate", "--nodes=1_000"}, KNOWN);
    assertEquals(List.of("generate"), o.words());
    assertEquals(1000, o.longValue("nodes", 5, 1));
    assertEquals(5, ToolOptions.parse(new String[0], KNOWN).longValue("nodes", 5, 1));
    assertTrue(ToolOptions.parse(new String[] {"-h"}, KNOWN).help());
  }

  @Test
  void readsDurationsInSecondsMinutesHoursAndDays() {
    assertEquals(Duration.ofSeconds(90), duration("90s"));
    assertEquals(Duration.ofSeconds(90), duration("90"));
    assertEquals(Duration.ofMinutes(5), duration("5m"));
    assertEquals(Duration.ofHours(2), duration("2h"));
    assertEquals(Duration.ofDays(7), duration("7d"));
  }

  @Test
  void refusesWhatItCannotRunSayingWhatToGive() {
    assertBad("unknown option --nodez; this command takes --duration, --nodes", "--nodez=1");
    assertBad("--nodes needs a value; give it as --nodes=VALUE", "--nodes");
    assertBad("--nodes=ten is not a whole number; give e.g. --nodes=5", "--nodes=ten");
    assertBad("--nodes=0 is below 1; give at least 1", "--nodes=0");
    assertThrows(ToolOptions.BadUsage.class, () -> duration("5w"));
    assertThrows(ToolOptions.BadUsage.class, () -> duration("0m"));
  }

  private static Duration duration(String text) {
    return ToolOptions.parse(new String[] {"--duration=" + text}, KNOWN)
        .duration("duration", Duration.ZERO);
  }

  private static void assertBad(String message, String arg) {
    ToolOptions.BadUsage e = assertThrows(ToolOptions.BadUsage.class,
        () -> ToolOptions.parse(new String[] {arg}, KNOWN).longValue("nodes", 5, 1));
    assertEquals(message, e.getMessage());
  }
}
