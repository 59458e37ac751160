package io.strata.common.util;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.filter.ByteArrayComparable.RegexStringComparator;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A call past its deadline ends inside the work on one value, not only between values: a
 * regular expression over a large value reads it through {@link CallDeadline#watched}.
 */
class CallDeadlineTest {
  private static final byte[] LARGE = "a".repeat(4 << 20).getBytes(StandardCharsets.UTF_8);

  @AfterEach
  void clear() {
    CallDeadline.clear();
  }

  @Test
  void aRegexOverALargeValueStopsAtTheDeadline() {
    RegexStringComparator c = new RegexStringComparator("b");
    assertEquals(1, c.compareTo(LARGE, 0, LARGE.length), "no deadline: it reads to the end");
    CallDeadline.set(System.nanoTime() - 1);
    assertThrows(CallDeadline.Exceeded.class, () -> c.compareTo(LARGE, 0, LARGE.length));
    assertThrows(CallDeadline.Exceeded.class, CallDeadline::check);
  }

  @Test
  void aCallWithinItsDeadlineIsUntouched() {
    CallDeadline.set(System.nanoTime() + 3_600_000_000_000L);
    assertEquals(0, new RegexStringComparator("a$").compareTo(LARGE, 0, LARGE.length));
    CallDeadline.check();
    assertEquals("ab", CallDeadline.watched("ab").toString());
  }
}
