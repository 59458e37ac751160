package io.strata.client;

import static io.strata.client.TestCells.assertBadArgument;
import static io.strata.client.TestCells.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.CellLimits;
import io.strata.common.filter.PrefixFilter;
import io.strata.common.util.Bytes;
import java.util.List;
import java.util.NavigableMap;
import java.util.NavigableSet;
import org.junit.jupiter.api.Test;

class GetTest {
  private static List<String> qualifiers(NavigableSet<byte[]> set) {
    return set.stream().map(Bytes::toString).toList();
  }

  @Test
  void defaults() {
    Get get = new Get(b("r"));
    assertArrayEquals(b("r"), get.getRow());
    assertTrue(get.getFamilyMap().isEmpty());
    assertFalse(get.hasFamilies());
    assertEquals(1, get.getMaxVersions());
    assertTrue(get.getTimeRange().isAllTime());
    assertEquals(0, get.getTimeRange().getMin());
    assertEquals(Long.MAX_VALUE, get.getTimeRange().getMax());
    assertNull(get.getFilter());
    assertTrue(get.getCacheBlocks());
    assertFalse(get.isCheckExistenceOnly());
  }

  @Test
  void columnsAccumulateSortedPerFamily() {
    Get get = new Get(b("r"))
        .addColumn(b("f"), b("b"))
        .addColumn(b("f"), b("a"))
        .addColumn(b("f"), b("b"))
        .addColumn(b("g"), b("x"));
    NavigableMap<byte[], NavigableSet<byte[]>> map = get.getFamilyMap();
    assertEquals(2, map.size());
    assertEquals(List.of("a", "b"), qualifiers(map.get(b("f"))));
    assertEquals(List.of("x"), qualifiers(map.get(b("g"))));
    assertEquals(2, get.numFamilies());
  }

  @Test
  void addingTheWholeFamilyWipesItsColumns() {
    Get get = new Get(b("r")).addColumn(b("f"), b("a")).addColumn(b("g"), b("x"))
        .addFamily(b("f"));
    assertTrue(get.getFamilyMap().get(b("f")).isEmpty(), "empty set = every column");
    assertEquals(List.of("x"), qualifiers(get.getFamilyMap().get(b("g"))));
  }

  @Test
  void addingAColumnToAWholeFamilyRestrictsIt() {
    Get get = new Get(b("r")).addFamily(b("f")).addColumn(b("f"), b("c"));
    assertEquals(List.of("c"), qualifiers(get.getFamilyMap().get(b("f"))));
  }

  @Test
  void nullQualifierIsTheEmptyQualifier() {
    Get get = new Get(b("r")).addColumn(b("f"), null);
    assertEquals(List.of(""), qualifiers(get.getFamilyMap().get(b("f"))));
  }

  @Test
  void familyMapIsReadOnly() {
    Get get = new Get(b("r")).addColumn(b("f"), b("a"));
    NavigableMap<byte[], NavigableSet<byte[]>> map = get.getFamilyMap();
    assertThrows(UnsupportedOperationException.class, () -> map.put(b("g"), null));
    assertThrows(UnsupportedOperationException.class, () -> map.get(b("f")).add(b("z")));
  }

  @Test
  void versions() {
    Get get = new Get(b("r"));
    assertSame(get, get.readVersions(3));
    assertEquals(3, get.getMaxVersions());
    assertEquals(Integer.MAX_VALUE, get.readAllVersions().getMaxVersions());
    assertBadArgument(() -> get.readVersions(0), "readVersions(0)", "at least 1",
        "readAllVersions");
    assertBadArgument(() -> get.readVersions(-4), "readVersions(-4)");
  }

  @Test
  void timeRanges() {
    Get get = new Get(b("r")).setTimeRange(10, 20);
    assertEquals(10, get.getTimeRange().getMin());
    assertEquals(20, get.getTimeRange().getMax());
    assertTrue(get.getTimeRange().withinTimeRange(10));
    assertFalse(get.getTimeRange().withinTimeRange(20));

    get.setTimestamp(7);
    assertEquals(7, get.getTimeRange().getMin());
    assertEquals(8, get.getTimeRange().getMax());

    get.setTimeRange(0, Long.MAX_VALUE);
    assertTrue(get.getTimeRange().isAllTime());

    assertBadArgument(() -> get.setTimeRange(5, 5), "[5, 5)", "empty");
    assertBadArgument(() -> get.setTimeRange(9, 3), "[9, 3)", "empty");
    assertBadArgument(() -> get.setTimeRange(-1, 3), "negative");
    assertBadArgument(() -> get.setTimestamp(-1), "-1");
    assertBadArgument(() -> get.setTimestamp(Long.MAX_VALUE), "LATEST_TIMESTAMP");
    assertTrue(get.getTimeRange().isAllTime(), "a rejected range leaves the old one");
  }

  @Test
  void flagsAndFilter() {
    PrefixFilter filter = new PrefixFilter(b("p"));
    Get get = new Get(b("r")).setFilter(filter).setCacheBlocks(false)
        .setCheckExistenceOnly(true);
    assertSame(filter, get.getFilter());
    assertFalse(get.getCacheBlocks());
    assertTrue(get.isCheckExistenceOnly());
  }

  @Test
  void badRowsAreRejected() {
    assertBadArgument(() -> new Get(null), "Get row", "null");
    assertBadArgument(() -> new Get(new byte[0]), "Get row", "empty");
    assertBadArgument(() -> new Get(new byte[CellLimits.MAX_ROW_LENGTH + 1]), "limit");
    assertBadArgument(() -> new Get(b("r")).addFamily(null), "family", "null");
  }

  @Test
  void toStringNamesTheSelection() {
    Get get = new Get(b("r")).addFamily(b("f")).addColumn(b("g"), b("a")).addColumn(b("g"),
        b("b"));
    assertEquals("Get{row='r', families={f:*, g:[a,b]}, maxVersions=1, timeRange=[0, MAX), "
        + "cacheBlocks=true}", get.toString());
  }
}
