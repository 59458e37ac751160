package io.strata.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.util.Bytes;
import org.junit.jupiter.api.function.Executable;

/** Helpers shared by the operation tests. */
final class TestCells {
  private TestCells() {}

  static byte[] b(String s) {
    return Bytes.toBytes(s);
  }

  static byte[] row(Cell c) {
    return Bytes.copy(c.getRowArray(), c.getRowOffset(), c.getRowLength());
  }

  static byte[] family(Cell c) {
    return Bytes.copy(c.getFamilyArray(), c.getFamilyOffset(), c.getFamilyLength());
  }

  static byte[] qualifier(Cell c) {
    return Bytes.copy(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength());
  }

  static byte[] value(Cell c) {
    return Bytes.copy(c.getValueArray(), c.getValueOffset(), c.getValueLength());
  }

  /** Asserts every coordinate of {@code c}. */
  static void assertCell(Cell c, String row, String family, String qualifier, long ts,
      CellType type, byte[] value) {
    assertArrayEquals(b(row), row(c), "row");
    assertArrayEquals(b(family), family(c), "family");
    assertArrayEquals(b(qualifier), qualifier(c), "qualifier");
    assertEquals(ts, c.getTimestamp(), "timestamp");
    assertEquals(type, c.getType(), "type");
    assertArrayEquals(value, value(c), "value");
  }

  /** Asserts an IllegalArgumentException whose message contains every fragment. */
  static IllegalArgumentException assertBadArgument(Executable e, String... fragments) {
    IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, e);
    for (String f : fragments) {
      assertTrue(ex.getMessage().contains(f),
          () -> "message '" + ex.getMessage() + "' does not mention '" + f + "'");
    }
    return ex;
  }
}
