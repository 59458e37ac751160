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

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * What every operation class shares: attributes (on Get, Scan and each Mutation), a mutation's
 * TTL, and the time ranges of Increment, Append and of Get/Scan families.
 */
class OperationOptionsTest {
  /** One of each operation kind that carries attributes. */
  private static List<Supplier<OperationWithAttributes>> everyKind() {
    return List.of(() -> new Get(b("r")), Scan::new, () -> new Put(b("r")),
        () -> new Delete(b("r")), () -> new Increment(b("r")), () -> new Append(b("r")));
  }

  @Test
  void attributesSetGetAndRemoveOnEveryKind() {
    for (Supplier<OperationWithAttributes> kind : everyKind()) {
      OperationWithAttributes op = kind.get();
      String what = op.getClass().getSimpleName();
      assertTrue(op.getAttributesMap().isEmpty(), what);
      assertNull(op.getAttribute("a"), what);
      assertSame(op, op.setAttribute("b", b("2")).setAttribute("a", b("1")), what);
      assertArrayEquals(b("1"), op.getAttribute("a"), what);
      assertEquals(List.of("a", "b"), List.copyOf(op.getAttributesMap().keySet()),
          what + ": sorted by name");
      op.setAttribute("a", b("one"));
      assertArrayEquals(b("one"), op.getAttribute("a"), what + ": replaced");
      op.setAttribute("a", null);
      assertNull(op.getAttribute("a"), what + ": removed");
      assertEquals(List.of("b"), List.copyOf(op.getAttributesMap().keySet()), what);
      op.setAttribute("never-set", null); // removing what is absent is fine
      assertTrue(op.toString().contains("attributes=[b]"), op.toString());
      assertThrows(UnsupportedOperationException.class,
          () -> op.getAttributesMap().put("x", b("x")), what + ": read-only");
    }
  }

  @Test
  void attributeNamesMustBeGiven() {
    for (Supplier<OperationWithAttributes> kind : everyKind()) {
      OperationWithAttributes op = kind.get();
      assertEquals("attribute name is null; name the attribute, e.g. setAttribute(\"origin\", "
          + "Bytes.toBytes(\"importer\"))",
          assertBadArgument(() -> op.setAttribute(null, b("v"))).getMessage());
      assertBadArgument(() -> op.setAttribute("", b("v")), "attribute name is empty");
      assertBadArgument(() -> op.getAttribute(null), "attribute name is null");
      assertBadArgument(() -> op.getAttribute(""), "attribute name is empty");
    }
  }

  @Test
  void settersKeepTheirOwnType() {
    Put put = new Put(b("r")).setAttribute("a", b("1")).setTTL(5)
        .addColumn(b("f"), b("q"), b("v"));
    Delete delete = new Delete(b("r")).setAttribute("a", b("1")).addFamily(b("f"));
    Increment inc = new Increment(b("r")).setAttribute("a", b("1")).setTTL(5)
        .setTimeRange(1, 2).addColumn(b("f"), b("q"), 1);
    Append app = new Append(b("r")).setAttribute("a", b("1")).setTTL(5).setTimeRange(1, 2)
        .addColumn(b("f"), b("q"), b("v"));
    Get get = new Get(b("r")).setAttribute("a", b("1")).setColumnFamilyTimeRange(b("f"), 1, 2)
        .addFamily(b("f"));
    Scan scan = new Scan().setAttribute("a", b("1")).setColumnFamilyTimeRange(b("f"), 1, 2)
        .addFamily(b("f"));
    for (OperationWithAttributes op : List.of(put, delete, inc, app, get, scan)) {
      assertArrayEquals(b("1"), op.getAttribute("a"));
    }
  }

  @Test
  void scanCopiesAreIndependent() {
    Scan scan = new Scan().setAttribute("a", b("1")).setColumnFamilyTimeRange(b("f"), 10, 20);
    Scan copy = new Scan(scan);
    assertArrayEquals(b("1"), copy.getAttribute("a"));
    assertEquals(TimeRange.between(10, 20), copy.getColumnFamilyTimeRange().get(b("f")));
    copy.setAttribute("a", null).setAttribute("c", b("3"))
        .setColumnFamilyTimeRange(b("g"), 1, 2);
    assertArrayEquals(b("1"), scan.getAttribute("a"));
    assertNull(scan.getAttribute("c"));
    assertEquals(1, scan.getColumnFamilyTimeRange().size());
  }

  @Test
  void ttlOfPutsIncrementsAndAppends() {
    for (Mutation m : List.of(new Put(b("r")), new Increment(b("r")), new Append(b("r")))) {
      assertEquals(Mutation.NO_TTL, m.getTTL());
      assertEquals(Long.MAX_VALUE, m.getTTL(), "HBase's 'no TTL'");
      assertFalse(m.toString().contains("ttl="), m.toString());
      m.setTTL(1500);
      assertEquals(1500, m.getTTL());
      assertTrue(m.toString().contains("ttl=1500"), m.toString());
      m.setTTL(Mutation.NO_TTL);
      assertEquals(Mutation.NO_TTL, m.getTTL());
      assertEquals("TTL 0 ms: give at least 1 ms, or Mutation.NO_TTL for none",
          assertBadArgument(() -> m.setTTL(0)).getMessage());
      assertBadArgument(() -> m.setTTL(-5), "TTL -5 ms");
    }
  }

  @Test
  void aDeleteHasNoTtl() {
    Delete delete = new Delete(b("r"));
    UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
        () -> delete.setTTL(1000));
    assertEquals("a Delete cannot have a TTL: its tombstones stay until a major compaction; "
        + "give the TTL to the Put that writes the cells", e.getMessage());
    assertThrows(UnsupportedOperationException.class, () -> ((Mutation) delete).setTTL(1000));
    assertEquals(Mutation.NO_TTL, delete.getTTL());
  }

  @Test
  void incrementAndAppendTimeRanges() {
    Increment inc = new Increment(b("r")).addColumn(b("f"), b("q"), 1);
    assertTrue(inc.getTimeRange().isAllTime());
    assertFalse(inc.toString().contains("timeRange"), inc.toString());
    inc.setTimeRange(100, 200);
    assertEquals(TimeRange.between(100, 200), inc.getTimeRange());
    assertTrue(inc.toString().contains("timeRange=[100, 200)"), inc.toString());
    Append app = new Append(b("r")).setTimeRange(0, 5);
    assertEquals(TimeRange.between(0, 5), app.getTimeRange());
    assertBadArgument(() -> inc.setTimeRange(200, 200), "time range [200, 200) is empty");
    assertBadArgument(() -> app.setTimeRange(-1, 5), "negative");
    assertEquals(TimeRange.between(100, 200), inc.getTimeRange(), "unchanged by a bad call");
  }

  @Test
  void familyTimeRangesOfGetsAndScans() {
    Get get = new Get(b("r")).setTimeRange(0, 50)
        .setColumnFamilyTimeRange(b("b"), 10, 20)
        .setColumnFamilyTimeRange(b("a"), 5, 6);
    Map<byte[], TimeRange> ranges = get.getColumnFamilyTimeRange();
    assertEquals(2, ranges.size());
    assertEquals("a", new String(get.getColumnFamilyTimeRange().firstKey()));
    assertEquals(TimeRange.between(10, 20), ranges.get(b("b")));
    assertEquals(TimeRange.between(0, 50), get.getTimeRange(), "the read's own range stays");
    assertTrue(get.toString().contains("familyTimeRanges={a=[5, 6), b=[10, 20)}"),
        get.toString());
    get.setColumnFamilyTimeRange(b("a"), 7, 8);
    assertEquals(TimeRange.between(7, 8), get.getColumnFamilyTimeRange().get(b("a")),
        "set again: replaced");
    assertThrows(UnsupportedOperationException.class,
        () -> get.getColumnFamilyTimeRange().clear());
    assertBadArgument(() -> get.setColumnFamilyTimeRange(null, 1, 2), "column family is null");
    assertBadArgument(() -> new Scan().setColumnFamilyTimeRange(b("f"), 5, 1),
        "time range [5, 1) is empty");
    assertTrue(new Scan().getColumnFamilyTimeRange().isEmpty());
  }
}
