package io.strata.client;

import static io.strata.client.TestCells.assertBadArgument;
import static io.strata.client.TestCells.assertCell;
import static io.strata.client.TestCells.b;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeleteTest {
  private static final long LATEST = CellLimits.LATEST_TIMESTAMP;

  @Test
  void eachMethodWritesItsTombstoneTypeAndTimestamp() {
    Delete d = new Delete(b("r"))
        .addColumn(b("f"), b("newest"))
        .addColumn(b("f"), b("one"), 10L)
        .addColumns(b("f"), b("all"))
        .addColumns(b("f"), b("upto"), 20L)
        .addFamily(b("g"))
        .addFamily(b("h"), 30L)
        .addFamilyVersion(b("i"), 40L);
    List<Cell> cells = d.cells();
    assertEquals(7, cells.size());
    assertCell(cells.get(0), "r", "f", "newest", LATEST, CellType.DELETE, Bytes.EMPTY);
    assertCell(cells.get(1), "r", "f", "one", 10L, CellType.DELETE, Bytes.EMPTY);
    assertCell(cells.get(2), "r", "f", "all", LATEST, CellType.DELETE_COLUMN, Bytes.EMPTY);
    assertCell(cells.get(3), "r", "f", "upto", 20L, CellType.DELETE_COLUMN, Bytes.EMPTY);
    assertCell(cells.get(4), "r", "g", "", LATEST, CellType.DELETE_FAMILY, Bytes.EMPTY);
    assertCell(cells.get(5), "r", "h", "", 30L, CellType.DELETE_FAMILY, Bytes.EMPTY);
    assertCell(cells.get(6), "r", "i", "", 40L, CellType.DELETE_FAMILY_VERSION, Bytes.EMPTY);
  }

  @Test
  void methodsWithoutATimestampUseTheDeleteTimestamp() {
    Delete d = new Delete(b("r"), 500L)
        .addColumn(b("f"), b("a"))
        .addColumns(b("f"), b("b"))
        .addFamily(b("g"));
    assertEquals(500L, d.getTimestamp());
    List<Cell> cells = d.cells();
    assertCell(cells.get(0), "r", "f", "a", 500L, CellType.DELETE, Bytes.EMPTY);
    assertCell(cells.get(1), "r", "f", "b", 500L, CellType.DELETE_COLUMN, Bytes.EMPTY);
    assertCell(cells.get(2), "r", "g", "", 500L, CellType.DELETE_FAMILY, Bytes.EMPTY);
  }

  @Test
  void aDeleteWithNoColumnsIsEmptyMeaningTheWholeRow() {
    Delete d = new Delete(b("r"));
    assertTrue(d.isEmpty());
    assertEquals(0, d.size());
    assertEquals(LATEST, d.getTimestamp());
  }

  @Test
  void familyTombstonesKeepEarlierTombstonesOfTheFamily() {
    Delete d = new Delete(b("r")).addColumns(b("f"), b("q"), 100L).addFamily(b("f"), 50L);
    assertEquals(2, d.size());
  }

  @Test
  void addCellTakesTombstonesOfTheRowOnly() {
    Delete d = new Delete(b("r"));
    d.add(KeyValue.of(b("r"), b("f"), b("q"), 3L, CellType.DELETE_COLUMN, Bytes.EMPTY));
    assertEquals(1, d.size());
    assertBadArgument(() -> d.add(KeyValue.of(b("r"), b("f"), b("q"), 3L, CellType.PUT, b("v"))),
        "PUT", "tombstones");
    assertBadArgument(() -> d.add(KeyValue.of(b("x"), b("f"), b("q"), 3L, CellType.DELETE,
        Bytes.EMPTY)), "'x'", "'r'");
  }

  @Test
  void badInputIsRejected() {
    assertBadArgument(() -> new Delete(null), "Delete row", "null");
    assertBadArgument(() -> new Delete(Bytes.EMPTY), "Delete row", "empty");
    assertBadArgument(() -> new Delete(b("r")).addColumn(b("f"), b("q"), -2L), "negative");
    assertBadArgument(() -> new Delete(b("r")).addFamily(null), "family", "null");
  }

  @Test
  void setDurabilityReturnsTheDelete() {
    Delete d = new Delete(b("r"));
    assertSame(d, d.setDurability(Durability.SKIP_WAL).addFamily(b("f")));
    assertEquals(Durability.SKIP_WAL, d.getDurability());
  }
}
