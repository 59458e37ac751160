package io.strata.shell.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.client.Result;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AcidCheckTest {
  private static final byte[] ROW = AcidTable.row(3);

  /** The cells a whole row holds: all 30 columns with {@code value}. */
  private static List<Cell> whole(byte[] value) {
    List<Cell> cells = new ArrayList<>();
    for (byte[] f : AcidTable.FAMILIES) {
      for (byte[] q : AcidTable.QUALIFIERS) {
        cells.add(KeyValue.of(ROW, f, q, 1, CellType.PUT, value));
      }
    }
    return cells;
  }

  private static Result result(List<Cell> cells) {
    cells.sort(CellComparator.INSTANCE);
    return Result.create(cells);
  }

  @Test
  void aWholeRowIsNotTorn() {
    assertNull(AcidCheck.torn(result(whole(AcidValue.of(1, 42)))));
  }

  @Test
  void anEmptyRowIsNotTorn() {
    assertNull(AcidCheck.torn(Result.EMPTY));
    assertNull(AcidCheck.torn(result(new ArrayList<>())));
  }

  @Test
  void oneColumnOfAnotherWriteIsTornAndNamed() {
    List<Cell> cells = whole(AcidValue.of(1, 42));
    cells.set(17, KeyValue.of(ROW, Bytes.toBytes("B"), Bytes.toBytes("col7"), 2, CellType.PUT,
        AcidValue.of(0, 7)));
    String tear = AcidCheck.torn(result(cells));
    assertEquals("row test_row_3: A:col0=writer 1 #42 but 1 column(s) differ: "
        + "B:col7=writer 0 #7", tear);
  }

  @Test
  void aMissingFamilyIsTornAndItsColumnsCounted() {
    List<Cell> cells = whole(AcidValue.of(2, 5));
    cells.removeIf(c -> c.getFamilyArray()[c.getFamilyOffset()] == 'C');
    String tear = AcidCheck.torn(result(cells));
    assertTrue(tear.startsWith("row test_row_3: A:col0=writer 2 #5 but 10 of 30 columns "
        + "missing: C:col0, C:col1, C:col2, C:col3, C:col4 and 5 more"), tear);
  }

  @Test
  void valuesNotMadeByAWriterAreShownEscaped() {
    List<Cell> cells = whole(Bytes.toBytes("x"));
    cells.set(0, KeyValue.of(ROW, Bytes.toBytes("A"), Bytes.toBytes("col0"), 1, CellType.PUT,
        Bytes.toBytes("y\u0001")));
    String tear = AcidCheck.torn(result(cells));
    assertTrue(tear.startsWith("row test_row_3: A:col0='y\\x01' but 29 column(s) differ: "
        + "A:col1='x'"), tear);
  }
}
