package io.strata.server.memstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.fail;

import io.strata.common.cell.CellKeys;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Random;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** {@link CellTree} against a {@link TreeSet} in {@link SequencedCell#ORDER} as its model. */
class CellTreeTest {
  private static final byte[] ALPHABET = {0x00, 0x01, 0x7F, (byte) 0x80, (byte) 0xFF};
  private static final byte[] PREFIX = new byte[32];

  static {
    Arrays.fill(PREFIX, (byte) 'p');
  }

  /**
   * A row of one of three kinds: a short row from a five-byte alphabet (shared prefixes, sign
   * bits, rows ending where another has a zero), the same after a common 32-byte prefix (the
   * row words all tie), or one of pe's 26-digit rows.
   */
  private static byte[] row(Random random, int rows) {
    int kind = random.nextInt(3);
    if (kind == 2) {
      return Bytes.toBytes(String.format("%026d", random.nextInt(rows)));
    }
    byte[] tail = new byte[random.nextInt(4)];
    for (int i = 0; i < tail.length; i++) {
      tail[i] = ALPHABET[random.nextInt(ALPHABET.length)];
    }
    if (kind == 0) {
      return tail;
    }
    byte[] row = Arrays.copyOf(PREFIX, 32 + tail.length);
    System.arraycopy(tail, 0, row, 32, tail.length);
    return row;
  }

  private static SequencedCell cell(Random random, int rows, long writeNumber) {
    return new SequencedCell(KeyValue.of(row(random, rows), Bytes.toBytes("f"),
        Bytes.toBytes("q" + random.nextInt(3)), 1 + random.nextInt(2), CellType.PUT,
        Bytes.toBytes("v" + random.nextInt(1000))), writeNumber);
  }

  /** The {@code k}th of rows above every row {@link #row} makes, in order. */
  private static SequencedCell aboveAll(int k, Random random) {
    byte[] row = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0, 0, 0, 0};
    Bytes.putInt(row, 5, k);
    return new SequencedCell(KeyValue.of(row, Bytes.toBytes("f"), Bytes.toBytes("q"), 1,
        CellType.PUT, Bytes.toBytes("v" + random.nextInt(1000))), 1 + random.nextInt(20));
  }

  /** A search key: a cell, or the first key of a row (no family), at the highest write number. */
  private static SequencedCell key(Random random, int rows) {
    KeyValue k = random.nextBoolean()
        ? CellKeys.firstOnRow(row(random, rows))
        : KeyValue.copyOf(cell(random, rows, 0));
    return new SequencedCell(k, random.nextBoolean() ? Long.MAX_VALUE : random.nextInt(20));
  }

  private static List<SequencedCell> list(Iterator<SequencedCell> it) {
    List<SequencedCell> out = new ArrayList<>();
    it.forEachRemaining(out::add);
    return out;
  }

  private static void assertSameCells(List<SequencedCell> expected, List<SequencedCell> actual,
      String what) {
    assertEquals(expected.size(), actual.size(), what);
    for (int i = 0; i < expected.size(); i++) {
      assertSame(expected.get(i), actual.get(i), what + " at " + i);
    }
  }

  private static void check(CellTree tree, TreeSet<SequencedCell> model, Random random,
      String what) {
    assertEquals(model.size(), tree.size(), what);
    assertEquals(model.stream().mapToLong(SequencedCell::getLength).sum(), tree.bytes(), what);
    assertSameCells(new ArrayList<>(model), list(tree.iterator(null)), what);
    assertSameCells(list(model.descendingIterator()), list(tree.descendingIterator(null)), what);
    assertSame(model.isEmpty() ? null : model.first(), tree.first(), what);
    for (int i = 0; i < 20; i++) {
      SequencedCell k = key(random, 300);
      assertSameCells(new ArrayList<>(model.tailSet(k, true)), list(tree.iterator(k)),
          what + ", from " + k);
      assertSameCells(list(model.headSet(k, false).descendingIterator()),
          list(tree.descendingIterator(k)), what + ", before " + k);
    }
  }

  /**
   * Batches of 1 to 300 cells (so nodes split at every level, in order and out of it), some
   * holding cells equal to held ones or to each other (the later takes the place), and
   * removals of held cells and of equal cells that are not the ones held.
   */
  @Test
  void batchesAndRemovalsMatchTheModel() {
    for (int seed = 0; seed < 12; seed++) {
      Random random = new Random(seed);
      CellTree tree = new CellTree();
      TreeSet<SequencedCell> model = new TreeSet<>(SequencedCell.ORDER);
      check(tree, model, random, "empty");
      int rows = seed % 2 == 0 ? 300 : 5_000;
      int above = 0;
      for (int round = 0; round < 40; round++) {
        int n = 1 + random.nextInt(random.nextBoolean() ? 8 : 300);
        SequencedCell[] batch = new SequencedCell[n];
        // A third of the batches are above every cell held (rows written in order), down the
        // tree's right edge; some of them give a cell twice or start at the last one held.
        boolean inOrder = random.nextInt(3) == 0;
        for (int i = 0; i < n; i++) {
          batch[i] = inOrder ? aboveAll(above++, random)
              : cell(random, rows, 1 + random.nextInt(20));
          if (inOrder && i > 0 && random.nextInt(10) == 0) {
            batch[i] = batch[i - 1];
          }
        }
        if (inOrder && random.nextInt(5) == 0 && !model.isEmpty()) {
          batch[0] = model.last();
        }
        BatchOrder.sort(batch);
        long replaced = 0;
        for (SequencedCell c : batch) {
          SequencedCell earlier = model.ceiling(c);
          if (earlier != null && SequencedCell.ORDER.compare(earlier, c) == 0) {
            model.remove(earlier);
            replaced += earlier.getLength();
          }
          model.add(c);
        }
        assertEquals(replaced, tree.insert(batch, 0, n), "seed " + seed + " round " + round);
        if (random.nextInt(4) == 0 && !model.isEmpty()) {
          List<SequencedCell> held = new ArrayList<>(model);
          for (int i = 0; i < 1 + random.nextInt(30); i++) {
            SequencedCell c = held.get(random.nextInt(held.size()));
            SequencedCell twin = new SequencedCell(KeyValue.copyOf(c), c.writeNumber());
            assertFalse(tree.remove(twin), "an equal cell that is not the one held");
            assertEquals(model.remove(c), tree.remove(c), "seed " + seed + " remove " + c);
          }
        }
        check(tree, model, random, "seed " + seed + " round " + round);
      }
    }
  }

  /**
   * A batch in order after removals emptied the last leaf: the cells below that leaf's bound go
   * where a search finds them, not down the right edge (the batch is above every cell held, but
   * not above the bound).
   */
  @Test
  void aBatchAboveEveryCellButBelowTheLastLeafsBoundIsFoundWhereItGoes() {
    CellTree tree = new CellTree();
    TreeSet<SequencedCell> model = new TreeSet<>(SequencedCell.ORDER);
    for (int i = 0; i < 1000; i += 100) {
      SequencedCell[] batch = new SequencedCell[100];
      for (int j = 0; j < 100; j++) {
        batch[j] = numbered(i + j);
        model.add(batch[j]);
      }
      tree.insert(batch, 0, batch.length);
    }
    for (SequencedCell c : new ArrayList<>(model.tailSet(numbered(980), true))) {
      assertEquals(true, tree.remove(c));
      model.remove(c);
    }
    SequencedCell[] batch = new SequencedCell[26];
    for (int j = 0; j < batch.length; j++) {
      batch[j] = numbered(985 + j);
      model.add(batch[j]);
    }
    tree.insert(batch, 0, batch.length);
    Random random = new Random(3);
    check(tree, model, random, "after the batch");
    for (SequencedCell c : batch) {
      assertSame(c, tree.iterator(c).next(), "a search for " + c);
    }
  }

  private static SequencedCell numbered(int row) {
    return new SequencedCell(KeyValue.of(Bytes.toBytes(String.format("%026d", row)),
        Bytes.toBytes("f"), Bytes.toBytes("q"), 1, CellType.PUT, new byte[0]), 1);
  }

  /** Rows in order, the way sequential writes come: nodes are filled, not left half empty. */
  @Test
  void rowsInOrderFillTheirNodes() {
    rowsInOrderFillTheirNodes(100); // a write buffer's batches: nodes copied once a batch
    rowsInOrderFillTheirNodes(1); // single puts: written into their leaf in place
  }

  private static void rowsInOrderFillTheirNodes(int batchSize) {
    CellTree tree = new CellTree();
    int n = CellTree.LEAF_WIDTH * CellTree.INNER_WIDTH;
    for (int i = 0; i < n; i += batchSize) {
      SequencedCell[] batch = new SequencedCell[Math.min(batchSize, n - i)];
      for (int j = 0; j < batch.length; j++) {
        batch[j] = new SequencedCell(KeyValue.of(Bytes.toBytes(String.format("%026d", i + j)),
            Bytes.toBytes("f"), Bytes.toBytes("q"), 1, CellType.PUT, new byte[0]), 1);
      }
      tree.insert(batch, 0, batch.length);
    }
    assertEquals(n, tree.size());
    // INNER_WIDTH full leaves under one root; leaves split in halves would need a level more.
    assertEquals(1, tree.height());
    Iterator<SequencedCell> it = tree.iterator(null);
    for (int i = 0; i < n; i++) {
      SequencedCell c = it.next();
      assertEquals(String.format("%026d", i),
          Bytes.toString(c.getRowArray(), c.getRowOffset(), c.getRowLength()));
    }
    assertFalse(it.hasNext());
    try {
      it.next();
      fail("next() past the end");
    } catch (NoSuchElementException expected) {
      // as Iterator's contract says
    }
  }

  /**
   * An iterator sees the tree as it was when made, whatever batches are written after: a batch
   * publishes its cells all at once.
   */
  @Test
  void anIteratorSeesItsVersion() {
    Random random = new Random(5);
    CellTree tree = new CellTree();
    SequencedCell[] batch = new SequencedCell[200];
    for (int i = 0; i < batch.length; i++) {
      batch[i] = cell(random, 10_000, 1);
    }
    BatchOrder.sort(batch);
    tree.insert(batch, 0, batch.length);
    List<SequencedCell> before = list(tree.iterator(null));
    Iterator<SequencedCell> old = tree.iterator(null);
    Iterator<SequencedCell> oldDown = tree.descendingIterator(null);
    SequencedCell[] more = new SequencedCell[500];
    for (int i = 0; i < more.length; i++) {
      more[i] = cell(random, 10_000, 2);
    }
    BatchOrder.sort(more);
    tree.insert(more, 0, more.length);
    assertSameCells(before, list(old), "ascending");
    List<SequencedCell> down = list(oldDown);
    java.util.Collections.reverse(down);
    assertSameCells(before, down, "descending");
    assertNull(new CellTree().first());
  }

  private static SequencedCell row(int i) {
    return new SequencedCell(KeyValue.of(Bytes.toBytes(String.format("%026d", i)),
        Bytes.toBytes("f"), Bytes.toBytes("q"), 1, CellType.PUT, new byte[0]), 1);
  }

  /**
   * Rows written in order one at a time (each appended to its leaf in place) while a reader
   * seeks just past the last one: what an iterator from a key hands out is never below the key,
   * even when a cell lands in the leaf between the search and the first step.
   */
  @Test
  void aSeekPastTheLastRowNeverGoesBelowItsKey() throws Exception {
    CellTree tree = new CellTree();
    int rows = 200_000;
    whileWriting(() -> {
      for (int i = 0; i < rows; i += 2) { // even rows: the reader seeks to odd ones
        tree.insertOne(row(i));
      }
    }, () -> {
      SequencedCell from = row(tree.size() * 2 + 1); // just after the newest row
      Iterator<SequencedCell> it = tree.iterator(from);
      if (it.hasNext()) {
        SequencedCell c = it.next();
        if (SequencedCell.ORDER.compare(c, from) < 0) {
          throw new AssertionError(c + " handed out from " + from);
        }
      }
    });
    assertEquals(rows / 2, tree.size());
  }

  /**
   * Readers iterating while a writer adds batches, large and small: each iteration, upwards and
   * downwards, is in order and holds at least as many cells as the tree said it had before the
   * iteration began.
   */
  @Test
  void readersNeverSeeAHalfWrittenTree() throws Exception {
    CellTree tree = new CellTree();
    whileWriting(() -> {
      Random random = new Random(11);
      for (int round = 0; round < 2_000; round++) {
        SequencedCell[] batch = new SequencedCell[1 + random.nextInt(
            random.nextBoolean() ? CellTree.SMALL_BATCH : 100)];
        for (int i = 0; i < batch.length; i++) {
          batch[i] = cell(random, 1_000_000, round + 1);
        }
        BatchOrder.sort(batch);
        tree.insert(batch, 0, batch.length);
      }
    }, () -> {
      for (boolean up : new boolean[] {true, false}) {
        int atLeast = tree.size();
        SequencedCell last = null;
        int n = 0;
        Iterator<SequencedCell> it = up ? tree.iterator(null) : tree.descendingIterator(null);
        for (; it.hasNext(); n++) {
          SequencedCell c = it.next();
          if (last != null && SequencedCell.ORDER.compare(last, c) * (up ? 1 : -1) >= 0) {
            throw new AssertionError("out of order " + (up ? "up" : "down") + "wards: " + last
                + " then " + c);
          }
          last = c;
        }
        if (n < atLeast) {
          throw new AssertionError(n + " cells iterated, the tree said " + atLeast);
        }
      }
    });
  }

  /**
   * Runs {@code write} on one thread and {@code read} again and again on another until the
   * writer is done; fails with what the reader threw.
   */
  private static void whileWriting(Runnable write, Runnable read) throws Exception {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread writer = new Thread(write);
    Thread reader = new Thread(() -> {
      try {
        while (writer.isAlive()) {
          read.run();
        }
      } catch (Throwable t) {
        failure.set(t);
      }
    });
    writer.start();
    reader.start();
    writer.join();
    reader.join();
    if (failure.get() != null) {
      throw new AssertionError(failure.get());
    }
  }
}
