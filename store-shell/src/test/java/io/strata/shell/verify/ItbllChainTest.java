package io.strata.shell.verify;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ItbllChainTest {
  @Test
  void aWrittenChainIsOneCompleteCircleOfLinksIntoTheBatchBefore() {
    for (long nodes : new long[] {1, 2, 5, 10, 999, 1000, 1003}) {
      for (int width : new int[] {1, 3, 10, 100, 2000}) {
        ItbllChain chain = new ItbllChain(nodes, width, new SplittableRandom(nodes * width));
        LongList keys = new LongList();
        LongList prevs = new LongList();
        ItbllChain.Batch before = null;
        while (chain.hasNext()) {
          ItbllChain.Batch b = chain.next();
          if (before == null) {
            assertNull(b.prevs(), "the first batch points at nothing until closed");
          } else {
            // Node j of a batch points to node j of the batch before, already acknowledged.
            for (int j = 0; j < b.keys().length; j++) {
              assertEquals(before.keys()[j], b.prevs()[j], nodes + "/" + width + " node " + j);
            }
            for (long p : b.prevs()) {
              prevs.add(p);
            }
          }
          for (long k : b.keys()) {
            keys.add(k);
          }
          before = b;
        }
        ItbllChain.Batch closing = chain.closing();
        for (long p : closing.prevs()) {
          prevs.add(p);
        }
        LinkCounts c = LinkCounts.count(keys.drain(), prevs.drain());
        String what = nodes + " nodes of width " + width;
        assertEquals(nodes, c.referenced(), what);
        assertEquals(0, c.unreferenced(), what);
        assertEquals(0, c.undefined(), what);
      }
    }
  }

  @Test
  void closingRewritesTheFirstBatchOnlyAfterTheLast() {
    ItbllChain chain = new ItbllChain(6, 3, new SplittableRandom(1));
    ItbllChain.Batch first = chain.next();
    assertThrows(IllegalStateException.class, chain::closing);
    ItbllChain.Batch last = chain.next();
    ItbllChain.Batch closing = chain.closing();
    assertArrayEquals(first.keys(), closing.keys());
    assertArrayEquals(last.keys(), closing.prevs());
    assertThrows(IllegalStateException.class, chain::next);
  }
}
