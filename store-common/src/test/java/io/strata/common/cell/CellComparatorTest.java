package io.strata.common.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CellComparatorTest {
  private static final CellComparator CMP = CellComparator.INSTANCE;

  private static KeyValue kv(String row, String fam, String qual, long ts, CellType type) {
    return KeyValue.of(Bytes.toBytesBinary(row), Bytes.toBytes(fam), Bytes.toBytes(qual), ts, type,
        Bytes.toBytes("v"));
  }

  private static void assertOrder(Cell... expected) {
    List<Cell> shuffled = new ArrayList<>(List.of(expected));
    Collections.shuffle(shuffled, new Random(7));
    shuffled.sort(CMP);
    assertEquals(List.of(expected), shuffled);
    for (int i = 0; i + 1 < expected.length; i++) {
      assertEquals(-1, Integer.signum(CMP.compare(expected[i], expected[i + 1])),
          expected[i] + " should sort before " + expected[i + 1]);
      assertEquals(1, Integer.signum(CMP.compare(expected[i + 1], expected[i])));
    }
  }

  @Test
  void prefixRowSortsBeforeLongerRow() {
    assertOrder(kv("a", "f", "q", 1, CellType.PUT), kv("a\\x00", "f", "q", 1, CellType.PUT),
        kv("a\\x00\\x00", "f", "q", 1, CellType.PUT), kv("b", "f", "q", 1, CellType.PUT));
  }

  @Test
  void rowBytesCompareUnsigned() {
    assertOrder(kv("\\x7F", "f", "q", 1, CellType.PUT), kv("\\x80", "f", "q", 1, CellType.PUT),
        kv("\\xFF", "f", "q", 1, CellType.PUT));
  }

  @Test
  void emptyRowSortsFirst() {
    assertOrder(kv("", "f", "q", 1, CellType.PUT), kv("\\x00", "f", "q", 1, CellType.PUT));
  }

  @Test
  void sameRowOrdersByFamilyThenQualifier() {
    assertOrder(kv("r", "a", "z", 1, CellType.PUT), kv("r", "b", "", 1, CellType.PUT),
        kv("r", "b", "a", 1, CellType.PUT), kv("r", "bb", "", 1, CellType.PUT));
  }

  @Test
  void emptyQualifierSortsBeforeAnyOther() {
    assertOrder(kv("r", "f", "", 1, CellType.PUT), kv("r", "f", "\\x00", 9, CellType.PUT),
        kv("r", "f", "a", 1, CellType.PUT));
  }

  @Test
  void newerTimestampsFirstIncludingExtremes() {
    assertOrder(kv("r", "f", "q", Long.MAX_VALUE, CellType.PUT),
        kv("r", "f", "q", 100, CellType.PUT), kv("r", "f", "q", 0, CellType.PUT),
        kv("r", "f", "q", -1, CellType.PUT), kv("r", "f", "q", Long.MIN_VALUE, CellType.PUT));
  }

  @Test
  void deletesBeforePutsAtEqualTimestamp() {
    assertOrder(kv("r", "f", "q", 5, CellType.MAXIMUM), kv("r", "f", "q", 5, CellType.DELETE_FAMILY),
        kv("r", "f", "q", 5, CellType.DELETE_COLUMN),
        kv("r", "f", "q", 5, CellType.DELETE_FAMILY_VERSION), kv("r", "f", "q", 5, CellType.DELETE),
        kv("r", "f", "q", 5, CellType.PUT), kv("r", "f", "q", 5, CellType.MINIMUM),
        kv("r", "f", "q", 4, CellType.DELETE_FAMILY));
  }

  @Test
  void valueDoesNotTakePart() {
    KeyValue a = KeyValue.of(Bytes.toBytes("r"), Bytes.toBytes("f"), Bytes.toBytes("q"), 1,
        CellType.PUT, Bytes.toBytes("x"));
    KeyValue b = KeyValue.of(Bytes.toBytes("r"), Bytes.toBytes("f"), Bytes.toBytes("q"), 1,
        CellType.PUT, Bytes.toBytes("yy"));
    assertEquals(0, CMP.compare(a, b));
  }

  @Test
  void rowComparisonsAgainstArrays() {
    KeyValue a = kv("m", "f", "q", 1, CellType.PUT);
    assertEquals(0, CMP.compareRow(a, Bytes.toBytes("m")));
    assertEquals(1, Integer.signum(CMP.compareRow(a, Bytes.toBytes("a"))));
    assertEquals(-1, Integer.signum(CMP.compareRows(a, kv("n", "a", "", 0, CellType.PUT))));
  }

  /**
   * Two KeyValues (compared through their own accessors) order as the same cells made of
   * separate arrays (compared through the Cell interface), and as one of each.
   */
  @Test
  void keyValuesOrderAsCellsOfOtherKinds() {
    Random rnd = new Random(24);
    CellType[] types = {CellType.PUT, CellType.DELETE, CellType.DELETE_FAMILY_VERSION,
        CellType.DELETE_COLUMN, CellType.DELETE_FAMILY, CellType.MINIMUM, CellType.MAXIMUM};
    List<KeyValue> kvs = new ArrayList<>();
    List<Cell> arrays = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      byte[] row = new byte[rnd.nextInt(3)];
      for (int k = 0; k < row.length; k++) {
        row[k] = (byte) (rnd.nextInt(3) * 127); // 0, 127 and 254: signed and unsigned differ
      }
      byte[] family = {(byte) ('a' + rnd.nextInt(2))};
      byte[] qualifier = new byte[rnd.nextInt(2)];
      rnd.nextBytes(qualifier);
      long ts = rnd.nextInt(3) - 1; // a negative one too: timestamps compare as signed longs
      CellType type = types[rnd.nextInt(types.length)];
      byte[] value = new byte[rnd.nextInt(4)];
      rnd.nextBytes(value);
      kvs.add(KeyValue.of(row, family, qualifier, ts, type, value));
      arrays.add(new ArraysCell(row, family, qualifier, ts, type, value));
    }
    int equal = 0;
    for (int i = 0; i < kvs.size(); i++) {
      for (int j = 0; j < kvs.size(); j++) {
        int want = Integer.signum(CMP.compare(arrays.get(i), arrays.get(j)));
        assertEquals(want, Integer.signum(CMP.compare(kvs.get(i), kvs.get(j))),
            kvs.get(i) + " against " + kvs.get(j));
        assertEquals(want, Integer.signum(CMP.compare(kvs.get(i), arrays.get(j))));
        assertEquals(want, Integer.signum(CMP.compare(arrays.get(i), kvs.get(j))));
        equal += want == 0 && i != j ? 1 : 0;
      }
    }
    assertTrue(equal > 50, "too few equal keys to test them: " + equal);
  }
}
