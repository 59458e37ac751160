package io.strata.common.cell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.Bytes;
import org.junit.jupiter.api.Test;

/** Each helper on cells that lie inside larger arrays, as cells read from blocks do. */
class CellUtilTest {
  /** A cell of {@code row/f:q/7/PUT=value} inside a larger array (a nonzero offset). */
  private static Cell embedded(String row, String family, String qualifier, long ts,
      CellType type, String value) {
    KeyValue kv = KeyValue.of(Bytes.toBytes(row), Bytes.toBytes(family),
        Bytes.toBytes(qualifier), ts, type, Bytes.toBytes(value));
    byte[] block = new byte[kv.getLength() + 20];
    java.util.Arrays.fill(block, (byte) '#');
    System.arraycopy(kv.getBuffer(), kv.getOffset(), block, 13, kv.getLength());
    return KeyValue.decode(block, 13, 13 + kv.getLength());
  }

  private static final Cell C = embedded("row1", "fam", "qual", 7, CellType.PUT, "value");

  @Test
  void clonesAreExactCopiesOfEachPart() {
    assertArrayEquals(Bytes.toBytes("row1"), CellUtil.cloneRow(C));
    assertArrayEquals(Bytes.toBytes("fam"), CellUtil.cloneFamily(C));
    assertArrayEquals(Bytes.toBytes("qual"), CellUtil.cloneQualifier(C));
    assertArrayEquals(Bytes.toBytes("value"), CellUtil.cloneValue(C));
    assertArrayEquals(new byte[0], CellUtil.cloneTags(C));
    assertEquals("value", Bytes.toString(C.getValueArray(), C.getValueOffset(),
        C.getValueLength()));
    byte[] v = CellUtil.cloneValue(C);
    v[0] = 'X';
    assertArrayEquals(Bytes.toBytes("value"), CellUtil.cloneValue(C), "a copy, not a view");
  }

  @Test
  void copiesIntoAnArrayReturnTheOffsetAfter() {
    byte[] dest = new byte[20];
    int at = CellUtil.copyRowTo(C, dest, 1);
    at = CellUtil.copyFamilyTo(C, dest, at);
    at = CellUtil.copyQualifierTo(C, dest, at);
    at = CellUtil.copyValueTo(C, dest, at);
    assertEquals(1 + 4 + 3 + 4 + 5, at);
    assertEquals("row1famqualvalue", Bytes.toString(dest, 1, at - 1));
  }

  @Test
  void matchingComparesOnePartAtATime() {
    Cell sameColumn = embedded("row2", "fam", "qual", 9, CellType.DELETE, "");
    Cell otherQualifier = embedded("row1", "fam", "qual2", 7, CellType.PUT, "value");
    assertTrue(CellUtil.matchingRow(C, Bytes.toBytes("row1")));
    assertTrue(CellUtil.matchingRows(C, Bytes.toBytes("row1")));
    assertFalse(CellUtil.matchingRows(C, sameColumn));
    assertTrue(CellUtil.matchingColumn(C, Bytes.toBytes("fam"), Bytes.toBytes("qual")));
    assertFalse(CellUtil.matchingColumn(C, Bytes.toBytes("fam"), Bytes.toBytes("qua")));
    assertFalse(CellUtil.matchingColumn(C, Bytes.toBytes("fa"), Bytes.toBytes("qual")));
    assertTrue(CellUtil.matchingColumn(C, sameColumn));
    assertFalse(CellUtil.matchingColumn(C, otherQualifier));
    assertTrue(CellUtil.matchingFamily(C, otherQualifier));
    assertFalse(CellUtil.matchingQualifier(C, otherQualifier));
    assertTrue(CellUtil.matchingValue(C, otherQualifier));
    assertTrue(CellUtil.matchingValue(C, Bytes.toBytes("value")));
    assertFalse(CellUtil.matchingValue(C, sameColumn));
    assertTrue(CellUtil.matchingTimestamp(C, otherQualifier));
    assertFalse(CellUtil.matchingTimestamp(C, sameColumn));
    assertTrue(CellUtil.qualifierStartsWith(otherQualifier, Bytes.toBytes("qual")));
    assertFalse(CellUtil.qualifierStartsWith(C, Bytes.toBytes("qual2")));
  }

  @Test
  void equalsIsTheKeyAndTypesAreTold() {
    Cell otherValue = embedded("row1", "fam", "qual", 7, CellType.PUT, "different");
    assertTrue(CellUtil.equals(C, otherValue), "the value is not part of the key");
    assertFalse(CellUtil.equals(C, embedded("row1", "fam", "qual", 7, CellType.DELETE, "")));
    assertTrue(CellUtil.isPut(C));
    assertFalse(CellUtil.isDelete(C));
    for (CellType t : new CellType[] {CellType.DELETE, CellType.DELETE_COLUMN,
        CellType.DELETE_FAMILY, CellType.DELETE_FAMILY_VERSION}) {
      Cell marker = embedded("r", "f", "", 1, t, "");
      assertTrue(CellUtil.isDelete(marker), t.toString());
      assertFalse(CellUtil.isPut(marker), t.toString());
    }
  }

  @Test
  void keysPrintAsStringsWithBinaryBytesEscaped() {
    Cell binary = KeyValue.of(new byte[] {'r', 0, (byte) 0xff}, Bytes.toBytes("f"),
        Bytes.toBytes("q"), 5, CellType.DELETE_COLUMN, new byte[] {1});
    assertEquals("r\\x00\\xFF/f:q/5/DELETE_COLUMN", CellUtil.getCellKeyAsString(binary));
    assertEquals("row1/fam:qual/7/PUT", CellUtil.toString(C, false));
    assertEquals("row1/fam:qual/7/PUT/value", CellUtil.toString(C, true));
    assertEquals("row1/fam:qual/7/PUT/vlen=5", C.toString());
  }
}
