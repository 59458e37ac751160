package io.strata.shell.verify;

import java.util.SplittableRandom;

/**
 * The keys and links of one generator thread's circular list, batch by batch, without I/O.
 *
 * <p>Nodes are numbered 0..n-1 in the order written and batches hold {@code width} of them
 * (the last may hold fewer). Node m points to node m - width: node j of batch i points to node
 * j of batch i-1. Batch 0 points at nothing until {@link #closing()}, asked for once every
 * batch is written, points its node j at node n - width + j. The link m -> m - width (mod n) is
 * a permutation of the nodes, so a complete run leaves each node pointed to exactly once.
 *
 * <pre>
 *   batch 0       batch 1       batch 2 (last)
 *   [a0 a1 a2] &lt;- [b0 b1 b2] &lt;- [c0 c1 c2]      b0.prev = a0, c0.prev = b0, ...
 *     ^                           |
 *     +---------------------------+   closing: a0.prev = c0, a1.prev = c1, a2.prev = c2
 * </pre>
 *
 * <p>Only the newest {@code width} keys and the first batch's are kept, so memory does not grow
 * with the number of nodes.
 */
final class ItbllChain {
  /** Nodes {@code first}.. of one batch; {@code prevs} is null when they point at nothing. */
  record Batch(long first, long[] keys, long[] prevs) {}

  private final long nodes;
  private final int width;
  private final SplittableRandom random;
  // ring[m % width] is the key of node m, the newest node written with that remainder: just
  // before node m is made it still holds node m - width, the node m points to.
  private final long[] ring;
  private long[] firstKeys;
  private long next;

  ItbllChain(long nodes, int width, SplittableRandom random) {
    if (nodes < 1 || width < 1) {
      throw new IllegalArgumentException("a chain needs at least one node and a width of at "
          + "least one, not " + nodes + " nodes of width " + width);
    }
    this.nodes = nodes;
    this.width = (int) Math.min(width, nodes);
    this.random = random;
    this.ring = new long[this.width];
  }

  boolean hasNext() {
    return next < nodes;
  }

  /** The next batch; its nodes point into the batch before, which must be written first. */
  Batch next() {
    if (!hasNext()) {
      throw new IllegalStateException("all " + nodes + " nodes are made; ask for closing()");
    }
    int size = (int) Math.min(width, nodes - next);
    long[] keys = new long[size];
    long[] prevs = next == 0 ? null : new long[size];
    for (int j = 0; j < size; j++) {
      int slot = (int) ((next + j) % width);
      if (prevs != null) {
        prevs[j] = ring[slot];
      }
      keys[j] = random.nextLong();
      ring[slot] = keys[j];
    }
    if (next == 0) {
      firstKeys = keys.clone();
    }
    Batch b = new Batch(next, keys, prevs);
    next += size;
    return b;
  }

  /** Batch 0 again, now pointing at the newest nodes: the links that close the circle. */
  Batch closing() {
    if (hasNext()) {
      throw new IllegalStateException("only " + next + " of " + nodes + " nodes are made; "
          + "the circle closes after the last batch");
    }
    long[] prevs = new long[width];
    for (int j = 0; j < width; j++) {
      prevs[j] = ring[(int) ((nodes - width + j) % width)];
    }
    return new Batch(0, firstKeys.clone(), prevs);
  }
}
