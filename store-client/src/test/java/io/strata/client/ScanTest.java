package io.strata.client;

import static io.strata.client.TestCells.assertBadArgument;
import static io.strata.client.TestCells.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.CellLimits;
import io.strata.common.filter.PrefixFilter;
import io.strata.common.util.Bytes;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScanTest {
  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }

  @Test
  void defaults() {
    Scan scan = new Scan();
    assertArrayEquals(Bytes.EMPTY, scan.getStartRow());
    assertTrue(scan.includeStartRow());
    assertArrayEquals(Bytes.EMPTY, scan.getStopRow());
    assertFalse(scan.includeStopRow());
    assertTrue(scan.getFamilyMap().isEmpty());
    assertEquals(1, scan.getMaxVersions());
    assertTrue(scan.getTimeRange().isAllTime());
    assertNull(scan.getFilter());
    assertFalse(scan.isReversed());
    assertFalse(scan.isRaw());
    assertEquals(-1, scan.getCaching());
    assertEquals(0, scan.getBatch());
    assertEquals(-1, scan.getMaxResultSize());
    assertTrue(scan.getCacheBlocks());
    assertEquals(0, scan.getLimit());
  }

  @Test
  void boundsAndTheirInclusiveness() {
    Scan scan = new Scan().withStartRow(b("a")).withStopRow(b("m"));
    assertArrayEquals(b("a"), scan.getStartRow());
    assertTrue(scan.includeStartRow());
    assertArrayEquals(b("m"), scan.getStopRow());
    assertFalse(scan.includeStopRow());

    scan.withStartRow(b("b"), false).withStopRow(b("n"), true);
    assertArrayEquals(b("b"), scan.getStartRow(), "kept as given; the wire adds the 0x00");
    assertFalse(scan.includeStartRow());
    assertArrayEquals(b("n"), scan.getStopRow());
    assertTrue(scan.includeStopRow());
  }

  @Test
  void rowPrefixSetsBothBounds() {
    Scan scan = new Scan().withStopRow(b("zzz"), true).setRowPrefixFilter(b("ab"));
    assertArrayEquals(b("ab"), scan.getStartRow());
    assertTrue(scan.includeStartRow());
    assertArrayEquals(b("ac"), scan.getStopRow());
    assertFalse(scan.includeStopRow(), "the prefix bound is exclusive whatever came before");
  }

  @Test
  void rowPrefixStopIncrementsTheLastByteBelowFF() {
    assertArrayEquals(bytes(0x62), Scan.rowAfterPrefix(bytes(0x61)));
    assertArrayEquals(bytes(0x80), Scan.rowAfterPrefix(bytes(0x7F)), "unsigned, no overflow");
    assertArrayEquals(bytes(0xFF), Scan.rowAfterPrefix(bytes(0xFE)));
    assertArrayEquals(bytes(0x62), Scan.rowAfterPrefix(bytes(0x61, 0xFF)));
    assertArrayEquals(bytes(0x01, 0x03), Scan.rowAfterPrefix(bytes(0x01, 0x02, 0xFF, 0xFF)));
    assertArrayEquals(bytes(0x00, 0x01), Scan.rowAfterPrefix(bytes(0x00, 0x00)));
    assertArrayEquals(Bytes.EMPTY, Scan.rowAfterPrefix(bytes(0xFF)), "no row after: unbounded");
    assertArrayEquals(Bytes.EMPTY, Scan.rowAfterPrefix(bytes(0xFF, 0xFF, 0xFF)));
  }

  @Test
  void rowPrefixLeavesThePrefixArrayAlone() {
    byte[] prefix = bytes(0x10, 0xFF);
    new Scan().setRowPrefixFilter(prefix);
    assertArrayEquals(bytes(0x10, 0xFF), prefix);
  }

  @Test
  void emptyOrNullPrefixScansEverything() {
    for (byte[] prefix : new byte[][] {null, Bytes.EMPTY}) {
      Scan scan = new Scan().withStartRow(b("a")).withStopRow(b("b"))
          .setRowPrefixFilter(prefix);
      assertArrayEquals(Bytes.EMPTY, scan.getStartRow());
      assertArrayEquals(Bytes.EMPTY, scan.getStopRow());
    }
  }

  @Test
  void allFFPrefixHasNoStop() {
    Scan scan = new Scan().setRowPrefixFilter(bytes(0xFF, 0xFF));
    assertArrayEquals(bytes(0xFF, 0xFF), scan.getStartRow());
    assertArrayEquals(Bytes.EMPTY, scan.getStopRow());
  }

  @Test
  void columnsFollowTheGetRules() {
    Scan scan = new Scan().addColumn(b("f"), b("a")).addFamily(b("f")).addColumn(b("g"), b("x"))
        .addFamily(b("h")).addColumn(b("h"), b("y"));
    assertTrue(scan.getFamilyMap().get(b("f")).isEmpty());
    assertEquals(List.of("x"),
        scan.getFamilyMap().get(b("g")).stream().map(Bytes::toString).toList());
    assertEquals(List.of("y"),
        scan.getFamilyMap().get(b("h")).stream().map(Bytes::toString).toList());
  }

  @Test
  void settersAndGetters() {
    PrefixFilter filter = new PrefixFilter(b("p"));
    Scan scan = new Scan().readVersions(4).setTimeRange(3, 9).setFilter(filter)
        .setReversed(true).setCaching(100).setBatch(10).setMaxResultSize(1 << 20)
        .setCacheBlocks(false).setLimit(7).setRaw(true);
    assertEquals(4, scan.getMaxVersions());
    assertTrue(scan.isRaw());
    assertEquals(3, scan.getTimeRange().getMin());
    assertEquals(9, scan.getTimeRange().getMax());
    assertSame(filter, scan.getFilter());
    assertTrue(scan.isReversed());
    assertEquals(100, scan.getCaching());
    assertEquals(10, scan.getBatch());
    assertEquals(1 << 20, scan.getMaxResultSize());
    assertFalse(scan.getCacheBlocks());
    assertEquals(7, scan.getLimit());
    assertEquals(Integer.MAX_VALUE, scan.readAllVersions().getMaxVersions());
    assertEquals(42, scan.setTimestamp(42).getTimeRange().getMin());
    assertEquals(43, scan.getTimeRange().getMax());
  }

  @Test
  void copyIsIndependent() {
    Scan original = new Scan().withStartRow(b("a"), false).withStopRow(b("z"), true)
        .addColumn(b("f"), b("q")).readVersions(2).setTimeRange(1, 5).setReversed(true)
        .setCaching(9).setBatch(3).setMaxResultSize(99).setCacheBlocks(false).setLimit(4)
        .setFilter(new PrefixFilter(b("p"))).setRaw(true);
    Scan copy = new Scan(original);
    assertEquals(original.toString(), copy.toString());
    assertTrue(copy.isRaw());
    assertTrue(copy.toString().contains(" reversed raw,"), copy.toString());
    assertSame(original.getFilter(), copy.getFilter());
    assertFalse(copy.includeStartRow());
    assertTrue(copy.includeStopRow());

    copy.addColumn(b("f"), b("q2")).addFamily(b("g")).setLimit(1);
    assertEquals(1, original.getFamilyMap().size());
    assertEquals(1, original.getFamilyMap().get(b("f")).size());
    assertEquals(4, original.getLimit());
  }

  @Test
  void badInputIsRejected() {
    Scan scan = new Scan();
    assertBadArgument(() -> scan.withStartRow(null), "start row", "null");
    assertBadArgument(() -> scan.withStopRow(null, true), "stop row", "null");
    assertBadArgument(() -> scan.withStartRow(new byte[CellLimits.MAX_ROW_LENGTH + 1]),
        "start row", "limit");
    assertBadArgument(() -> scan.readVersions(0), "readVersions(0)");
    assertBadArgument(() -> scan.setTimeRange(4, 2), "[4, 2)");
    assertBadArgument(() -> scan.setCaching(0), "caching 0");
    assertBadArgument(() -> scan.setBatch(-1), "batch -1");
    assertBadArgument(() -> scan.setMaxResultSize(0), "max result size 0");
    assertBadArgument(() -> scan.setLimit(-1), "limit -1");
    assertBadArgument(() -> scan.addColumn(Bytes.EMPTY, b("q")), "family", "empty");
    // Nothing was changed by the rejected calls.
    assertEquals(new Scan().toString(), scan.toString());
  }

  @Test
  void emptyBoundsAreAllowed() {
    Scan scan = new Scan().withStartRow(Bytes.EMPTY).withStopRow(Bytes.EMPTY);
    assertEquals(0, scan.getStartRow().length);
    assertEquals(0, scan.getStopRow().length);
  }
}
