package io.strata.common.cell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ArraysCellTest {
  private static byte[] bytes(Random rnd, int min, int max) {
    byte[] b = new byte[min + rnd.nextInt(max - min + 1)];
    rnd.nextBytes(b);
    return b;
  }

  @Test
  void encodesAsTheKeyValueOfTheSameParts() {
    Random rnd = new Random(5);
    CellType[] types = CellType.values();
    for (int i = 0; i < 500; i++) {
      byte[] row = bytes(rnd, 0, 40);
      byte[] family = bytes(rnd, 1, 10);
      byte[] qualifier = bytes(rnd, 0, 20);
      byte[] value = bytes(rnd, 0, 2000);
      long ts = rnd.nextLong() & Long.MAX_VALUE;
      CellType type = types[rnd.nextInt(types.length)];
      // Half the cells hold their value as a range of a larger array, garbage around it.
      int before = rnd.nextBoolean() ? 0 : rnd.nextInt(50);
      byte[] around = bytes(rnd, before + value.length, before + value.length + 50);
      System.arraycopy(value, 0, around, before, value.length);
      ArraysCell cell = rnd.nextBoolean()
          ? new ArraysCell(row, family, qualifier, ts, type, value)
          : new ArraysCell(row, family, qualifier, ts, type, around, before, value.length);
      KeyValue kv = KeyValue.of(row, family, qualifier, ts, type, value);
      byte[] expected = Arrays.copyOfRange(kv.getBuffer(), kv.getOffset(),
          kv.getOffset() + kv.getLength());

      // Its key header, then its value and an empty tags area, is the KeyValue's encoding.
      byte[] written = new byte[cell.keyHeaderLength() + value.length + 2];
      cell.writeKeyHeader(written, 0);
      System.arraycopy(cell.getValueArray(), cell.getValueOffset(), written,
          cell.keyHeaderLength(), cell.getValueLength());
      assertArrayEquals(expected, written);
      assertEquals(cell, new ArraysCell(row, family, qualifier, ts, type, value.clone()));
      // And so is what the generic path writes from its accessors.
      ByteOutput out = new ByteOutput(16);
      CellKeys.writeCell(cell, out);
      assertArrayEquals(expected, out.toByteArray());
      assertEquals(kv.getLength(), CellKeys.cellLength(cell));
      assertEquals(0, CellComparator.INSTANCE.compare(cell, kv));
      assertEquals(kv.hashCode(), cell.hashCode());
      assertEquals(kv.toString(), cell.toString());
    }
  }

  @Test
  void keepsTheArraysItIsGiven() {
    byte[] value = Bytes.toBytes("v");
    ArraysCell cell = new ArraysCell(Bytes.toBytes("r"), Bytes.toBytes("f"), Bytes.toBytes("q"),
        1L, CellType.PUT, value);
    assertSame(value, cell.getValueArray());
    assertEquals(0, cell.getTagsLength());
    assertEquals(cell, new ArraysCell(Bytes.toBytes("r"), Bytes.toBytes("f"),
        Bytes.toBytes("q"), 1L, CellType.PUT, Bytes.toBytes("v")));
    assertNotEquals(cell, new ArraysCell(Bytes.toBytes("r"), Bytes.toBytes("f"),
        Bytes.toBytes("q"), 2L, CellType.PUT, Bytes.toBytes("v")));
  }

  @Test
  void refusesPartsTheKeyEncodingCannotHold() {
    byte[] f = Bytes.toBytes("f");
    IllegalArgumentException row = assertThrows(IllegalArgumentException.class,
        () -> new ArraysCell(new byte[CellLimits.MAX_ROW_LENGTH + 1], f, Bytes.EMPTY, 1L,
            CellType.PUT, Bytes.EMPTY));
    assertTrue(row.getMessage().contains("use a shorter row key"), row.getMessage());
    IllegalArgumentException family = assertThrows(IllegalArgumentException.class,
        () -> new ArraysCell(Bytes.toBytes("r"), new byte[CellLimits.MAX_FAMILY_LENGTH + 1],
            Bytes.EMPTY, 1L, CellType.PUT, Bytes.EMPTY));
    assertTrue(family.getMessage().contains("family is 256 bytes"), family.getMessage());
  }

  @Test
  void refusesAValueRangeOutsideItsArray() {
    byte[] r = Bytes.toBytes("r");
    byte[] f = Bytes.toBytes("f");
    byte[] v = new byte[10];
    assertThrows(IndexOutOfBoundsException.class,
        () -> new ArraysCell(r, f, Bytes.EMPTY, 1L, CellType.PUT, v, 5, 6));
    assertThrows(IndexOutOfBoundsException.class,
        () -> new ArraysCell(r, f, Bytes.EMPTY, 1L, CellType.PUT, v, -1, 2));
    assertThrows(IndexOutOfBoundsException.class,
        () -> new ArraysCell(r, f, Bytes.EMPTY, 1L, CellType.PUT, v, 0, -1));
    ArraysCell end = new ArraysCell(r, f, Bytes.EMPTY, 1L, CellType.PUT, v, 10, 0);
    assertEquals(0, end.getValueLength());
  }
}
