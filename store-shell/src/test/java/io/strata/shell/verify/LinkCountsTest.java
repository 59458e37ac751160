package io.strata.shell.verify;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class LinkCountsTest {
  /** Node i points to node i-1, node 0 to the last: every node referenced once. */
  private static long[][] circle(long... keys) {
    long[] prevs = new long[keys.length];
    for (int i = 0; i < keys.length; i++) {
      prevs[i] = keys[(i + keys.length - 1) % keys.length];
    }
    return new long[][] {keys, prevs};
  }

  @Test
  void aCompleteCircleIsAllReferenced() {
    long[][] c = circle(42, -7, Long.MIN_VALUE, Long.MAX_VALUE, 0, 99);
    LinkCounts counts = LinkCounts.count(c[0], c[1]);
    assertEquals(6, counts.referenced());
    assertEquals(0, counts.unreferenced());
    assertEquals(0, counts.undefined());
    assertEquals(0, counts.firstMissing().length);
  }

  @Test
  void aDeletedNodeIsUndefinedAndListed() {
    long[][] c = circle(5, 3, 8, 1, 9);
    // Node 8 (index 2) is lost: nothing defines 8 any more, and 3, which 8 pointed to, is
    // pointed to by nothing.
    long[] defined = {5, 3, 1, 9};
    long[] referenced = {c[1][0], c[1][1], c[1][3], c[1][4]};
    LinkCounts counts = LinkCounts.count(defined, referenced);
    assertEquals(1, counts.undefined());
    assertArrayEquals(new long[] {8}, counts.firstMissing());
    assertEquals("0000000000000008", LinkCounts.hex(counts.firstMissing()[0]));
    assertEquals(3, counts.referenced());
    assertEquals(1, counts.unreferenced());
  }

  @Test
  void anUnclosedChainLeavesItsHeadUnreferenced() {
    // 1 <- 2 <- 3 <- 4: nothing points to 4, and 1 points at nothing.
    LinkCounts counts = LinkCounts.count(new long[] {1, 2, 3, 4}, new long[] {1, 2, 3});
    assertEquals(3, counts.referenced());
    assertEquals(1, counts.unreferenced());
    assertEquals(0, counts.undefined());
  }

  @Test
  void listsAtMostTenMissingKeysAndCountsEachKeyOnce() {
    long[] referenced = new long[30];
    for (int i = 0; i < referenced.length; i++) {
      referenced[i] = i / 2; // 15 keys, each pointed to twice
    }
    LinkCounts counts = LinkCounts.count(new long[0], referenced);
    assertEquals(15, counts.undefined());
    assertArrayEquals(new long[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, counts.firstMissing());
  }

  @Test
  void negativeKeysMergeInTheSameOrderAsPositive() {
    long[] keys = {-1, 1, Long.MIN_VALUE, -2};
    LinkCounts counts = LinkCounts.count(keys.clone(), new long[] {1, -2, Long.MIN_VALUE});
    assertEquals(3, counts.referenced());
    assertEquals(1, counts.unreferenced());
    assertEquals("ffffffffffffffff", LinkCounts.hex(-1));
    assertEquals(Arrays.toString(new long[0]), Arrays.toString(counts.firstMissing()));
  }
}
