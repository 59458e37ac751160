package io.strata.server.memstore;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BatchOrderTest {
  /**
   * Batches of every length from 0 to 140 (around the insertion runs of 16 and the merges'
   * widths) and a few long ones, in random order, in order, in reverse and in runs, from rows
   * few enough that equal keys with one write number meet: each must come out as
   * {@code Arrays.sort} (a stable sort) puts it, equal cells in the order given (checked by
   * identity, since equal cells are equal objects).
   */
  @Test
  void sortsAsAStableSortByTheOrder() {
    Random random = new Random(23);
    int[] lengths = new int[150];
    for (int i = 0; i < 141; i++) {
      lengths[i] = i;
    }
    lengths[141] = 255;
    lengths[142] = 256;
    lengths[143] = 257;
    lengths[144] = 1000;
    lengths[145] = 2048;
    lengths[146] = 2049;
    lengths[147] = 4000;
    lengths[148] = 31;
    lengths[149] = 33;
    for (int length : lengths) {
      for (String shape : new String[] {"random", "sorted", "reversed", "runs"}) {
        SequencedCell[] cells = new SequencedCell[length];
        for (int i = 0; i < length; i++) {
          cells[i] = cell(random, Math.max(1, length / 3));
        }
        if (!shape.equals("random")) {
          Arrays.sort(cells, SequencedCell.ORDER);
        }
        if (shape.equals("reversed")) {
          for (int i = 0, j = length - 1; i < j; i++, j--) {
            SequencedCell t = cells[i];
            cells[i] = cells[j];
            cells[j] = t;
          }
        } else if (shape.equals("runs") && length > 0) {
          // Sorted stretches of random lengths, one after another: rows rising, then falling back.
          int at = 0;
          while (at < length) {
            int run = 1 + random.nextInt(40);
            Arrays.sort(cells, at, Math.min(length, at + run), SequencedCell.ORDER);
            at += run;
          }
          SequencedCell[] shuffledRuns = cells.clone();
          for (int i = 0; i < length; i += 40) {
            int j = random.nextInt(length);
            SequencedCell t = shuffledRuns[i];
            shuffledRuns[i] = shuffledRuns[j];
            shuffledRuns[j] = t;
          }
          cells = shuffledRuns;
        }
        SequencedCell[] expected = cells.clone();
        Arrays.sort(expected, SequencedCell.ORDER);
        SequencedCell[] actual = cells.clone();
        BatchOrder.sort(actual);
        assertArrayEquals(expected, actual, length + " cells, " + shape);
        for (int i = 0; i < length; i++) {
          assertSame(expected[i], actual[i], "equal cells out of the order given: " + length
              + " cells, " + shape + ", at " + i);
        }
      }
    }
  }

  /** A cell of one of {@code rows} rows, qualifiers and types few, write number 7 or 8. */
  private static SequencedCell cell(Random random, int rows) {
    byte[] row = Bytes.toBytes(String.format("%026d", random.nextInt(rows)));
    CellType type = random.nextInt(4) == 0 ? CellType.DELETE : CellType.PUT;
    KeyValue kv = KeyValue.of(row, Bytes.toBytes("f"), Bytes.toBytes("q" + random.nextInt(2)),
        5, type, Bytes.toBytes("v" + random.nextInt(1000)));
    return new SequencedCell(kv, 7 + random.nextInt(2));
  }
}
