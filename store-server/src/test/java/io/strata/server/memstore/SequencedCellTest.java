package io.strata.server.memstore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class SequencedCellTest {
  /** What ORDER must equal: the cell comparator, then the higher write number first. */
  private static int reference(SequencedCell a, SequencedCell b) {
    int c = CellComparator.INSTANCE.compare(a, b);
    return c != 0 ? c : Long.compare(b.writeNumber(), a.writeNumber());
  }

  private static SequencedCell cell(byte[] row, String qualifier, long ts, CellType type,
      long writeNumber) {
    return new SequencedCell(KeyValue.of(row, Bytes.toBytes("f"), Bytes.toBytes(qualifier), ts,
        type, Bytes.toBytes("v")), writeNumber);
  }

  /**
   * Rows of 0 to 40 bytes from an alphabet of 0x00, 0x01, 0x7F, 0x80 and 0xFF (so rows share
   * long prefixes, differ in sign bits, and end where another has a zero), some of them after a
   * common 32-byte prefix, the 26-digit rows of pe, and equal rows with other qualifiers,
   * timestamps, types and write numbers, and the first keys of rows (no family) that a get
   * searches for.
   */
  @Test
  void orderIsTheCellOrderThenNewestWriteFirst() {
    Random random = new Random(17);
    byte[] alphabet = {0x00, 0x01, 0x7F, (byte) 0x80, (byte) 0xFF};
    List<SequencedCell> cells = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      byte[] row;
      if (i % 3 == 0) {
        row = Bytes.toBytes(String.format("%026d", random.nextInt(1000)));
      } else {
        row = new byte[random.nextInt(41)];
        for (int j = 0; j < row.length; j++) {
          // Every other row starts as all the others of its kind do, for 32 bytes.
          row[j] = i % 3 == 1 && j < 32 ? alphabet[j % alphabet.length]
              : alphabet[random.nextInt(alphabet.length)];
        }
      }
      if (i % 5 == 4) { // a search key: the first of its row, with no family (as a get's)
        cells.add(new SequencedCell(KeyValue.copyOf(CellKeys.firstOnRowView(row)),
            Long.MAX_VALUE));
        continue;
      }
      CellType type = random.nextBoolean() ? CellType.PUT : CellType.DELETE;
      cells.add(cell(row, "q" + random.nextInt(2), random.nextInt(3), type, random.nextInt(3)));
    }
    int byPrefix = 0;
    int equalPrefixDifferentRows = 0;
    for (SequencedCell a : cells) {
      for (SequencedCell b : cells) {
        int expected = Integer.signum(reference(a, b));
        assertEquals(expected, Integer.signum(SequencedCell.ORDER.compare(a, b)),
            () -> a + " against " + b);
        boolean samePrefix = prefix(a).equals(prefix(b));
        byPrefix += samePrefix ? 0 : 1;
        if (samePrefix && CellComparator.INSTANCE.compareRows(a, b) != 0) {
          equalPrefixDifferentRows++;
        }
      }
    }
    // Both ways of deciding were taken, many times.
    assertTrue(byPrefix > 100_000, "pairs ordered by their prefixes: " + byPrefix);
    assertTrue(equalPrefixDifferentRows > 1_000,
        "pairs of rows that differ after 32 bytes: " + equalPrefixDifferentRows);
  }

  private static List<Long> prefix(SequencedCell c) {
    int from = c.getRowOffset();
    int end = from + c.getRowLength();
    byte[] b = c.getRowArray();
    return List.of(SequencedCell.rowWord(b, from, end), SequencedCell.rowWord(b, from + 8, end),
        SequencedCell.rowWord(b, from + 16, end), SequencedCell.rowWord(b, from + 24, end));
  }

  /** Each word is the row's 8 bytes from its start, big-endian, zeros past the row's end. */
  @Test
  void rowWordsAreTheRowsBytesWhereverTheRowEnds() {
    Random random = new Random(8);
    for (int round = 0; round < 2_000; round++) {
      byte[] b = new byte[1 + random.nextInt(60)];
      random.nextBytes(b);
      int at = random.nextInt(b.length);
      int end = at + random.nextInt(b.length - at + 1);
      long want = 0;
      for (int i = at; i < at + 8; i++) {
        want = (want << 8) | (i < end ? b[i] & 0xFF : 0);
      }
      assertEquals(want, SequencedCell.rowWord(b, at, end), "from " + at + " to " + end);
    }
  }

  @Test
  void rowWordsPadWithZerosSoAShorterRowSortsFirst() {
    byte[] a = Bytes.toBytes("a");
    byte[] aZero = {'a', 0};
    byte[] aOne = {'a', 1};
    assertEquals(SequencedCell.rowWord(a, 0, 1), SequencedCell.rowWord(aZero, 0, 2));
    assertEquals(-1, Long.compareUnsigned(SequencedCell.rowWord(a, 0, 1),
        SequencedCell.rowWord(aOne, 0, 2)));
    assertEquals(0x6100000000000000L, SequencedCell.rowWord(a, 0, 1));
    assertEquals(0, SequencedCell.rowWord(a, 8, 1)); // past the row's end
    byte[] high = {(byte) 0xFF, 1, 2, 3, 4, 5, 6, 7, 9};
    assertEquals(0xFF01020304050607L, SequencedCell.rowWord(high, 0, 9));
    assertEquals(0x0900000000000000L, SequencedCell.rowWord(high, 8, 9));
    // Rows "a" and "a\0" agree in every word: only the full comparison tells them apart.
    SequencedCell shorter = cell(a, "q", 1, CellType.PUT, 1);
    SequencedCell longer = cell(aZero, "q", 1, CellType.PUT, 1);
    assertEquals(-1, Integer.signum(SequencedCell.ORDER.compare(shorter, longer)));
    assertEquals(1, Integer.signum(SequencedCell.ORDER.compare(longer, shorter)));
  }

  @Test
  void aCellAndItsWriteNumberAreOneViewOfTheSameBytes() {
    KeyValue source = KeyValue.of(Bytes.toBytes("row"), Bytes.toBytes("f"),
        Bytes.toBytes("q"), 5, CellType.PUT, Bytes.toBytes("value"));
    SequencedCell c = new SequencedCell(source, 9);
    assertEquals(source, c);
    assertEquals(0, CellComparator.INSTANCE.compare(source, c));
    assertEquals("row/f:q/5/PUT/vlen=5/seq=9", c.toString());
    assertEquals(9, c.writeNumber());
  }
}
