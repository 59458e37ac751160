package io.strata.client;

import static io.strata.client.TestCells.assertBadArgument;
import static io.strata.client.TestCells.assertCell;
import static io.strata.client.TestCells.b;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellLimits;
import io.strata.common.cell.CellType;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.util.List;
import java.util.NavigableMap;
import org.junit.jupiter.api.Test;

class IncrementAppendTest {
  private static final long LATEST = CellLimits.LATEST_TIMESTAMP;

  @Test
  void incrementCellsHoldTheAmountAsEightBigEndianBytes() {
    Increment inc = new Increment(b("r"))
        .addColumn(b("f"), b("hits"), 1L)
        .addColumn(b("f"), b("neg"), -2L)
        .addColumn(b("g"), b("big"), 0x0102030405060708L);
    List<Cell> cells = inc.cells();
    assertEquals(3, inc.size());
    assertCell(cells.get(0), "r", "f", "hits", LATEST, CellType.PUT,
        new byte[] {0, 0, 0, 0, 0, 0, 0, 1});
    assertCell(cells.get(1), "r", "f", "neg", LATEST, CellType.PUT,
        new byte[] {-1, -1, -1, -1, -1, -1, -1, -2});
    assertCell(cells.get(2), "r", "g", "big", LATEST, CellType.PUT,
        new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
  }

  @Test
  void familyMapOfLongs() {
    Increment inc = new Increment(b("r"))
        .addColumn(b("f"), b("b"), 5L)
        .addColumn(b("f"), b("a"), 3L)
        .addColumn(b("g"), b("c"), -1L);
    NavigableMap<byte[], NavigableMap<byte[], Long>> map = inc.getFamilyMapOfLongs();
    assertEquals(2, map.size());
    assertEquals(3L, map.get(b("f")).get(b("a")));
    assertEquals(5L, map.get(b("f")).get(b("b")));
    assertEquals("a", Bytes.toString(map.get(b("f")).firstKey()));
    assertEquals(-1L, map.get(b("g")).get(b("c")));
    assertTrue(inc.hasColumn(b("f"), b("a")));
    assertFalse(inc.hasColumn(b("f"), b("z")));
  }

  @Test
  void returnResultsDefaultsToTrue() {
    Increment inc = new Increment(b("r"));
    assertTrue(inc.isReturnResults());
    assertSame(inc, inc.setReturnResults(false));
    assertFalse(inc.isReturnResults());
    Append app = new Append(b("r"));
    assertTrue(app.isReturnResults());
    assertFalse(app.setReturnResults(false).isReturnResults());
  }

  @Test
  void appendCellsHoldTheSuffix() {
    Append app = new Append(b("r"))
        .addColumn(b("f"), b("log"), b("line\n"))
        .addColumn(b("f"), b("empty"), null)
        .setDurability(Durability.ASYNC_WAL);
    List<Cell> cells = app.cells();
    assertCell(cells.get(0), "r", "f", "log", LATEST, CellType.PUT, b("line\n"));
    assertCell(cells.get(1), "r", "f", "empty", LATEST, CellType.PUT, Bytes.EMPTY);
    assertEquals(Durability.ASYNC_WAL, app.getDurability());
    assertTrue(app.toString().contains("returnResults=true"), app.toString());
  }

  @Test
  void badRowsAndFamilies() {
    assertBadArgument(() -> new Increment(null), "Increment row", "null");
    assertBadArgument(() -> new Append(Bytes.EMPTY), "Append row", "empty");
    assertBadArgument(() -> new Increment(b("r")).addColumn(null, b("q"), 1L), "family");
    assertBadArgument(() -> new Append(b("r")).addColumn(Bytes.EMPTY, b("q"), b("v")),
        "family", "empty");
  }
}
