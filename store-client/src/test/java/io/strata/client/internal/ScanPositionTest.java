package io.strata.client.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a reopened scanner resumes, and what of its answer is dropped as already received. */
class ScanPositionTest {
  private static byte[] b(String s) {
    return Bytes.toBytes(s);
  }

  private static Cell cell(String row, String q) {
    return KeyValue.of(b(row), b("f"), b(q), 1L, CellType.PUT, b(row + q));
  }

  /** Cells {@code q0..q(n-1)} of {@code row}, from {@code from}. */
  private static Result part(String row, int from, int n, boolean more) {
    List<Cell> cells = new ArrayList<>();
    for (int i = from; i < from + n; i++) {
      cells.add(cell(row, "q" + i));
    }
    return Result.create(cells, null, false, more);
  }

  private static String rowOf(byte[] start) {
    return Bytes.toString(start);
  }

  @Test
  void aForwardScanResumesJustAfterTheLastWholeRow() {
    ScanPosition p = new ScanPosition(new Scan().withStartRow(b("r1")));
    assertEquals("r1", rowOf(p.startRow()));
    p.handedOut(part("r1", 0, 3, false));
    assertEquals("r1\u0000", rowOf(p.startRow()));
    Result next = part("r2", 0, 3, false);
    assertSame(next, p.admit(next));
  }

  @Test
  void aForwardScanWithAnExcludedStartRowStartsJustAfterIt() {
    ScanPosition p = new ScanPosition(new Scan().withStartRow(b("r1"), false));
    assertEquals("r1\u0000", rowOf(p.startRow()));
  }

  @Test
  void aReversedScanReopenedAtItsLastWholeRowDropsItEvenAfterPartsOfTheNextRowCame() {
    // The race CI found: row 750 handed out whole, the look-ahead had received the first part of
    // row 749 when the region moved; the reopened scanner sends 750 again, then all of 749.
    ScanPosition p = new ScanPosition(new Scan().setReversed(true));
    p.handedOut(part("r750", 0, 3, false));
    Result first749 = part("r749", 0, 1, true);
    assertSame(first749, p.admit(first749)); // received, not yet whole: not handed out
    assertEquals("r750", rowOf(p.startRow()));
    assertNull(p.admit(part("r750", 0, 1, true)));
    assertNull(p.admit(part("r750", 1, 2, false)));
    Result again749 = part("r749", 0, 3, false);
    assertSame(again749, p.admit(again749));
    p.handedOut(again749);
    assertEquals("r749", rowOf(p.startRow()));
    assertNull(p.admit(part("r749", 0, 3, false)));
    Result r748 = part("r748", 0, 3, false);
    assertSame(r748, p.admit(r748));
  }

  @Test
  void aReversedScanWithAnExcludedStartRowDropsIt() {
    ScanPosition p = new ScanPosition(new Scan().setReversed(true)
        .withStartRow(b("r5"), false));
    assertEquals("r5", rowOf(p.startRow()));
    assertNull(p.admit(part("r5", 0, 3, false)));
    Result r4 = part("r4", 0, 3, false);
    assertSame(r4, p.admit(r4));
  }

  @Test
  void partsHandedOutAreNotSentTwiceWhenTheRowComesAgain() {
    for (boolean reversed : new boolean[] {false, true}) {
      ScanPosition p = new ScanPosition(new Scan().setReversed(reversed));
      p.handedOut(part("r1", 0, 2, true));
      assertEquals("r1", rowOf(p.startRow()));
      assertNull(p.admit(part("r1", 0, 2, true)));
      Result rest = p.admit(part("r1", 0, 5, false));
      assertEquals(3, rest.size());
      assertEquals("q2", Bytes.toString(rest.rawCells()[0].getQualifierArray(),
          rest.rawCells()[0].getQualifierOffset(), rest.rawCells()[0].getQualifierLength()));
      assertEquals(false, rest.mayHaveMoreCellsInRow());
      // The row's last part had been handed out too: an empty, final part ends it.
      p.handedOut(part("r1", 2, 3, true));
      Result end = p.admit(part("r1", 0, 5, false));
      assertEquals(0, end.size());
      assertEquals(false, end.mayHaveMoreCellsInRow());
    }
  }

  @Test
  void aFinishedRegionMovesTheStartToItsBoundaryAndForgetsWhatToDrop() {
    ScanPosition p = new ScanPosition(new Scan().setReversed(true));
    p.handedOut(part("r3", 0, 3, false));
    p.regionFinished(b("r2"));
    assertEquals("r2", rowOf(p.startRow()));
    Result r1 = part("r1", 0, 3, false);
    assertSame(r1, p.admit(r1));
  }
}
