package io.strata.client;

import static io.strata.client.TestCells.assertBadArgument;
import static io.strata.client.TestCells.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.util.Bytes;
import java.nio.BufferOverflowException;
import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ResultTest {
  private static Cell put(String family, String qualifier, long ts, String value) {
    return KeyValue.of(b("r"), b(family), b(qualifier), ts, CellType.PUT, b(value));
  }

  private static List<Cell> sorted(Cell... cells) {
    List<Cell> list = new ArrayList<>(Arrays.asList(cells));
    list.sort(CellComparator.INSTANCE);
    return list;
  }

  /** Three families, several versions, an empty qualifier and an empty value. */
  private static final List<Cell> CELLS = sorted(
      put("a", "q1", 3, "v3"), put("a", "q1", 2, "v2"), put("a", "q1", 1, "v1"),
      put("a", "q2", 5, "w"), put("a", "q3", 1, ""), put("a", "", 4, "e"),
      put("b", "q1", 9, "x"),
      put("c", "q", 2, "c2"), put("c", "q", 1, "c1"));

  private static final Result RESULT = Result.create(CELLS);

  private static String str(byte[] b) {
    return b == null ? null : Bytes.toString(b);
  }

  @Test
  void keepsTheCellsInTheOrderGiven() {
    assertEquals(CELLS, RESULT.listCells());
    assertEquals(9, RESULT.size());
    assertFalse(RESULT.isEmpty());
    assertArrayEquals(b("r"), RESULT.getRow());
    assertEquals("e", str(RESULT.value()), "the first cell: the empty qualifier sorts first");
    assertNull(RESULT.getExists());
    assertFalse(RESULT.mayHaveMoreCellsInRow());
  }

  @Test
  void getValueIsTheNewestVersion() {
    assertEquals("v3", str(RESULT.getValue(b("a"), b("q1"))));
    assertEquals("w", str(RESULT.getValue(b("a"), b("q2"))));
    assertEquals("", str(RESULT.getValue(b("a"), b("q3"))));
    assertEquals("e", str(RESULT.getValue(b("a"), null)));
    assertEquals("e", str(RESULT.getValue(b("a"), Bytes.EMPTY)));
    assertEquals("x", str(RESULT.getValue(b("b"), b("q1"))));
    assertEquals("c2", str(RESULT.getValue(b("c"), b("q"))));
  }

  @Test
  void absentColumnsAtEveryGapOfTheBinarySearch() {
    String[][] absent = {
        {"0", "q1"}, // family before the first
        {"z", "q1"}, // family after the last
        {"", "q1"}, // empty family
        {"a", "q"}, // prefix of a present qualifier
        {"a", "q10"}, // between q1 and q2
        {"a", "q4"}, // after the family's last qualifier, before the next family
        {"b", "q0"}, // before the only qualifier of a family
        {"b", "q2"}, // after it
        {"bb", "q1"}, // family between b and c
        {"c", ""}, // empty qualifier where there is none
        {"c", "qq"}, // after the last cell
    };
    for (String[] col : absent) {
      String name = col[0] + ":" + col[1];
      assertNull(RESULT.getValue(b(col[0]), b(col[1])), name);
      assertNull(RESULT.getColumnLatestCell(b(col[0]), b(col[1])), name);
      assertTrue(RESULT.getColumnCells(b(col[0]), b(col[1])).isEmpty(), name);
      assertFalse(RESULT.containsColumn(b(col[0]), b(col[1])), name);
    }
  }

  @Test
  void columnCellsAreEveryVersionNewestFirst() {
    List<Cell> q1 = RESULT.getColumnCells(b("a"), b("q1"));
    assertEquals(3, q1.size());
    assertEquals(List.of(3L, 2L, 1L), q1.stream().map(Cell::getTimestamp).toList());
    assertThrows(UnsupportedOperationException.class, () -> q1.remove(0));
    assertEquals(2, RESULT.getColumnCells(b("c"), b("q")).size(), "the last column");
    assertEquals(1, RESULT.getColumnCells(b("a"), null).size(), "the first column");
    assertSame(q1.get(0), RESULT.getColumnLatestCell(b("a"), b("q1")));
  }

  @Test
  void emptyAndNonEmptyColumns() {
    assertTrue(RESULT.containsColumn(b("a"), b("q3")));
    assertFalse(RESULT.containsNonEmptyColumn(b("a"), b("q3")));
    assertTrue(RESULT.containsEmptyColumn(b("a"), b("q3")));
    assertTrue(RESULT.containsNonEmptyColumn(b("a"), b("q1")));
    assertFalse(RESULT.containsEmptyColumn(b("a"), b("q1")));
    assertFalse(RESULT.containsNonEmptyColumn(b("a"), b("nope")));
    assertFalse(RESULT.containsEmptyColumn(b("a"), b("nope")));
  }

  @Test
  void familyMapHoldsNewestValues() {
    NavigableMap<byte[], byte[]> a = RESULT.getFamilyMap(b("a"));
    assertEquals(List.of("", "q1", "q2", "q3"), a.keySet().stream().map(Bytes::toString).toList());
    assertEquals("e", str(a.get(Bytes.EMPTY)));
    assertEquals("v3", str(a.get(b("q1"))));
    assertEquals("w", str(a.get(b("q2"))));
    assertEquals("", str(a.get(b("q3"))));
    assertEquals(Map.of("q", "c2"), strings(RESULT.getFamilyMap(b("c"))));
    assertTrue(RESULT.getFamilyMap(b("bb")).isEmpty());
    assertTrue(RESULT.getFamilyMap(b("zz")).isEmpty());
  }

  private static Map<String, String> strings(Map<byte[], byte[]> map) {
    Map<String, String> out = new TreeMap<>();
    map.forEach((k, v) -> out.put(Bytes.toString(k), Bytes.toString(v)));
    return out;
  }

  @Test
  void mapHoldsEveryVersionNewestFirst() {
    NavigableMap<byte[], NavigableMap<byte[], NavigableMap<Long, byte[]>>> map = RESULT.getMap();
    assertEquals(List.of("a", "b", "c"), map.keySet().stream().map(Bytes::toString).toList());
    NavigableMap<Long, byte[]> q1 = map.get(b("a")).get(b("q1"));
    assertEquals(List.of(3L, 2L, 1L), new ArrayList<>(q1.keySet()));
    assertEquals("v3", str(q1.firstEntry().getValue()));
    assertEquals("v1", str(q1.get(1L)));
    assertEquals("x", str(map.get(b("b")).get(b("q1")).get(9L)));

    NavigableMap<byte[], NavigableMap<byte[], byte[]>> noVersions = RESULT.getNoVersionMap();
    assertEquals(Map.of("", "e", "q1", "v3", "q2", "w", "q3", ""),
        strings(noVersions.get(b("a"))));
    assertEquals(Map.of("q", "c2"), strings(noVersions.get(b("c"))));
  }

  @Test
  void rawCellsIsACopy() {
    Cell[] raw = RESULT.rawCells();
    assertNotSame(raw, RESULT.rawCells());
    raw[0] = null;
    assertEquals(CELLS.get(0), RESULT.rawCells()[0]);
    assertThrows(UnsupportedOperationException.class, () -> RESULT.listCells().set(0, null));
  }

  @Test
  void emptyResult() {
    for (Result r : new Result[] {Result.EMPTY, Result.create(List.of())}) {
      assertTrue(r.isEmpty());
      assertEquals(0, r.size());
      assertNull(r.getRow());
      assertNull(r.value());
      assertNull(r.getValue(b("a"), b("q")));
      assertNull(r.getColumnLatestCell(b("a"), b("q")));
      assertTrue(r.getColumnCells(b("a"), b("q")).isEmpty());
      assertTrue(r.listCells().isEmpty());
      assertEquals(0, r.rawCells().length);
      assertTrue(r.getFamilyMap(b("a")).isEmpty());
      assertTrue(r.getMap().isEmpty());
      assertTrue(r.getNoVersionMap().isEmpty());
      assertEquals("keyvalues=NONE", r.toString());
    }
  }

  @Test
  void singleCellResult() {
    Result r = Result.create(List.of(put("f", "q", 1, "v")));
    assertEquals("v", str(r.getValue(b("f"), b("q"))));
    assertNull(r.getValue(b("f"), b("p")));
    assertNull(r.getValue(b("f"), b("r")));
    assertNull(r.getValue(b("e"), b("q")));
    assertNull(r.getValue(b("g"), b("q")));
  }

  @Test
  void existenceAndPartialFlags() {
    Result exists = Result.create(List.of(), true, false);
    assertEquals(Boolean.TRUE, exists.getExists());
    assertTrue(exists.isEmpty());
    assertEquals(Boolean.FALSE, Result.create(List.of(), false, false).getExists());
    assertTrue(Result.create(List.of(put("f", "q", 1, "v")), null, false, true).mayHaveMoreCellsInRow());
  }

  @Test
  void toStringLikeHBase() {
    Result r = Result.create(sorted(put("f", "q", 2, "abc"), put("f", "q", 1, "")));
    assertEquals("keyvalues={r/f:q/2/PUT/vlen=3, r/f:q/1/PUT/vlen=0}", r.toString());
  }

  @Test
  void createRejectsNulls() {
    assertBadArgument(() -> Result.create((List<Cell>) null), "cells is null");
    List<Cell> withNull = new ArrayList<>();
    withNull.add(put("f", "q", 1, "v"));
    withNull.add(null);
    assertBadArgument(() -> Result.create(withNull), "cell 1 of 2 is null");
    assertBadArgument(() -> RESULT.getValue(null, b("q")), "family", "null");
  }

  @Test
  void unsortedOrMixedRowCellsFailTheAssertion() {
    assumeTrue(Result.class.desiredAssertionStatus(), "assertions are off");
    List<Cell> unsorted = List.of(put("f", "q", 1, "v"), put("f", "q", 2, "v"));
    assertThrows(AssertionError.class, () -> Result.create(unsorted));
    List<Cell> twoRows = List.of(put("f", "q", 1, "v"),
        KeyValue.of(b("s"), b("f"), b("q"), 1, CellType.PUT, b("v")));
    assertThrows(AssertionError.class, () -> Result.create(twoRows));
  }

  @Test
  void createCompleteResultJoinsThePiecesOfARow() {
    Result first = Result.create(CELLS.subList(0, 4), null, false, true);
    Result empty = Result.create(List.of(), null, false, true);
    Result last = Result.create(CELLS.subList(4, CELLS.size()), null, false, false);
    Result whole = Result.createCompleteResult(List.of(first, empty, last));
    assertEquals(CELLS, whole.listCells());
    assertFalse(whole.mayHaveMoreCellsInRow());
    assertEquals("x", str(whole.getValue(b("b"), b("q1"))));
    assertSame(Result.EMPTY, Result.createCompleteResult(List.of()));
  }

  @Test
  void createCompleteResultRejectsPiecesOfDifferentRows() {
    Result r = Result.create(List.of(put("f", "q", 1, "v")), null, false, true);
    Result s = Result.create(List.of(KeyValue.of(b("s"), b("f"), b("q"), 1, CellType.PUT,
        b("v"))), null, false, false);
    assertBadArgument(() -> Result.createCompleteResult(List.of(r, s)), "different rows",
        "'r'", "'s'");
  }

  @Test
  void createCompleteResultRejectsACompleteResultBeforeTheLast() {
    Result complete = Result.create(List.of(put("f", "a", 1, "v")), null, false, false);
    Result more = Result.create(List.of(put("f", "b", 1, "v")), null, false, false);
    assertBadArgument(() -> Result.createCompleteResult(List.of(complete, more)),
        "result 0 of 2 is not partial");
  }

  /** Binary-search lookups agree with a linear scan over random rows. */
  @Test
  void lookupsAgreeWithALinearScan() {
    Random rnd = new Random(20261123L);
    byte[][] families = {b("a"), b("ab"), b("b"), {(byte) 0x80}, {(byte) 0xFF}};
    for (int round = 0; round < 200; round++) {
      List<Cell> cells = new ArrayList<>();
      int n = rnd.nextInt(30);
      for (int i = 0; i < n; i++) {
        cells.add(KeyValue.of(b("row"), families[rnd.nextInt(families.length)],
            randomQualifier(rnd), rnd.nextInt(5), CellType.PUT, Bytes.toBytes(i)));
      }
      cells.sort(CellComparator.INSTANCE);
      Result r = Result.create(cells);
      for (int q = 0; q < 40; q++) {
        byte[] family = q % 8 == 0 ? b("zz") : families[rnd.nextInt(families.length)];
        byte[] qualifier = randomQualifier(rnd);
        List<Cell> expected = cells.stream()
            .filter(c -> Bytes.equals(TestCells.family(c), family)
                && Bytes.equals(TestCells.qualifier(c), qualifier))
            .toList();
        assertEquals(expected, r.getColumnCells(family, qualifier));
        assertEquals(expected.isEmpty() ? null : expected.get(0),
            r.getColumnLatestCell(family, qualifier));
        Map<String, String> expectedFamily = new TreeMap<>();
        for (Cell c : cells) {
          if (Bytes.equals(TestCells.family(c), family)) {
            expectedFamily.putIfAbsent(Bytes.toStringBinary(TestCells.qualifier(c)),
                Bytes.toStringBinary(TestCells.value(c)));
          }
        }
        Map<String, String> actualFamily = new TreeMap<>();
        r.getFamilyMap(family).forEach((k, v) ->
            actualFamily.put(Bytes.toStringBinary(k), Bytes.toStringBinary(v)));
        assertEquals(expectedFamily, actualFamily);
      }
    }
  }

  private static byte[] randomQualifier(Random rnd) {
    byte[] q = new byte[rnd.nextInt(3)];
    for (int i = 0; i < q.length; i++) {
      q[i] = (byte) (rnd.nextBoolean() ? 'a' + rnd.nextInt(2) : 0xF0);
    }
    return q;
  }

  @Test
  void isStaleOnlyWhenMadeSo() {
    assertFalse(RESULT.isStale());
    assertFalse(Result.EMPTY.isStale());
    Result stale = Result.create(CELLS, null, true);
    assertTrue(stale.isStale(), "HBase's create(cells, exists, stale)");
    assertFalse(stale.mayHaveMoreCellsInRow());
    assertEquals(Boolean.TRUE, Result.create(List.of(), true).getExists());
  }

  @Test
  void valueAsByteBufferIsAReadOnlyViewOfTheNewestValue() {
    ByteBuffer v = RESULT.getValueAsByteBuffer(b("a"), b("q1"));
    assertEquals(ByteBuffer.wrap(b("v3")), v);
    assertEquals(0, v.position());
    assertEquals(2, v.remaining());
    assertThrows(ReadOnlyBufferException.class, () -> v.put(0, (byte) 'x'));
    assertEquals(0, RESULT.getValueAsByteBuffer(b("a"), b("q3")).remaining(), "empty value");
    assertNull(RESULT.getValueAsByteBuffer(b("a"), b("nope")));
    assertEquals("e", Bytes.toString(Bytes.getBytes(RESULT.getValueAsByteBuffer(b("a"), null))),
        "a null qualifier is the empty one");
    // Parts of larger arrays.
    byte[] fam = b("xax");
    byte[] qual = b("__q2__");
    assertEquals(ByteBuffer.wrap(b("w")), RESULT.getValueAsByteBuffer(fam, 1, 1, qual, 2, 2));
    assertNull(RESULT.getValueAsByteBuffer(fam, 0, 1, qual, 2, 2));
    assertBadArgument(() -> RESULT.getValueAsByteBuffer(fam, 2, 5, qual, 0, 1),
        "family bytes [2, 2 + 5) are outside the 3-byte array");
  }

  @Test
  void loadValueCopiesIntoABuffer() {
    ByteBuffer dst = ByteBuffer.allocate(5);
    dst.put((byte) '>');
    assertTrue(RESULT.loadValue(b("c"), b("q"), dst));
    assertEquals(3, dst.position());
    assertEquals(">c2", new String(dst.array(), 0, 3));
    assertFalse(RESULT.loadValue(b("c"), b("nope"), dst));
    assertEquals(3, dst.position(), "nothing copied for an absent column");
    assertThrows(BufferOverflowException.class, () -> RESULT.loadValue(b("a"), b("q1"),
        ByteBuffer.allocate(1)));
  }

  @Test
  void containsColumnOverPartsOfArrays() {
    byte[] fam = b("[a]");
    byte[] q = b("[q3][q1]");
    assertTrue(RESULT.containsColumn(fam, 1, 1, q, 5, 2));
    assertTrue(RESULT.containsColumn(fam, 1, 1, q, 1, 2));
    assertFalse(RESULT.containsColumn(fam, 1, 1, q, 1, 1), "a:q is absent");
    assertTrue(RESULT.containsColumn(fam, 1, 1, null, 0, 0), "the empty qualifier");
    assertTrue(RESULT.containsEmptyColumn(fam, 1, 1, q, 1, 2), "a:q3 holds an empty value");
    assertFalse(RESULT.containsNonEmptyColumn(fam, 1, 1, q, 1, 2));
    assertTrue(RESULT.containsNonEmptyColumn(fam, 1, 1, q, 5, 2));
    assertFalse(RESULT.containsEmptyColumn(fam, 1, 1, q, 5, 2));
    assertSame(RESULT.getColumnLatestCell(b("a"), b("q1")),
        RESULT.getColumnLatestCell(fam, 1, 1, q, 5, 2));
    assertBadArgument(() -> RESULT.containsColumn(fam, 0, 1, q, -1, 2), "qualifier bytes");
    assertBadArgument(() -> RESULT.containsColumn(null, 0, 0, q, 0, 1), "family is null");
  }

  @Test
  void createFromAnArray() {
    Result r = Result.create(CELLS.toArray(new Cell[0]));
    assertEquals(CELLS, r.listCells());
    assertBadArgument(() -> Result.create((Cell[]) null), "cells is null");
  }

  @Test
  void compareResultsNamesTheFirstDifference() {
    Result.compareResults(RESULT, Result.create(new ArrayList<>(CELLS)));
    Result.compareResults(Result.EMPTY, Result.create(List.of()));
    assertEquals("results differ: the second result is null",
        assertBadArgument(() -> Result.compareResults(RESULT, null)).getMessage());
    assertEquals("results differ: row 'r' has 9 cells in the first result and 8 in the second",
        assertBadArgument(() -> Result.compareResults(RESULT,
            Result.create(CELLS.subList(0, 8)))).getMessage());
    List<Cell> otherValue = new ArrayList<>(CELLS);
    otherValue.set(1, put("a", "q1", 3, "v3!"));
    assertEquals("results differ at cell 1: r/a:q1/3/PUT/vlen=2 vs r/a:q1/3/PUT/vlen=3",
        assertBadArgument(() -> Result.compareResults(RESULT, Result.create(otherValue)))
            .getMessage());
    List<Cell> otherTs = new ArrayList<>(CELLS);
    otherTs.set(8, put("c", "q", 0, "c1"));
    assertBadArgument(() -> Result.compareResults(RESULT, Result.create(otherTs)),
        "results differ at cell 8: r/c:q/1/PUT/vlen=2 vs r/c:q/0/PUT/vlen=2");
  }
}
