package io.strata.client;

import static io.strata.client.TestCells.assertBadArgument;
import static io.strata.client.TestCells.b;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class RowMutationsTest {
  @Test
  void holdsPutsAndDeletesInOrder() {
    Put put = new Put(b("r")).addColumn(b("f"), b("q"), b("v"));
    Delete delete = new Delete(b("r")).addColumns(b("f"), b("old"));
    Put second = new Put(b("r")).addColumn(b("f"), b("q2"), b("v"));
    RowMutations rm = new RowMutations(b("r")).add(put).add(List.of(delete, second));
    assertArrayEquals(b("r"), rm.getRow());
    assertEquals(List.of(put, delete, second), rm.getMutations());
    assertThrows(UnsupportedOperationException.class, () -> rm.getMutations().clear());
  }

  @Test
  void refusesOtherRowsNamingBoth() {
    RowMutations rm = new RowMutations(b("row-a"));
    assertBadArgument(() -> rm.add(new Put(b("row-b")).addColumn(b("f"), b("q"), b("v"))),
        "'row-b'", "'row-a'", "differs");
    assertEquals(0, rm.getMutations().size());
  }

  @Test
  void refusesIncrementsAndAppends() {
    RowMutations rm = new RowMutations(b("r"));
    assertBadArgument(() -> rm.add(new Increment(b("r")).addColumn(b("f"), b("q"), 1)),
        "Puts and Deletes only", "Increment");
    assertBadArgument(() -> rm.add(new Append(b("r"))), "Append");
    assertBadArgument(() -> rm.add((Mutation) null), "null");
  }

  @Test
  void badRows() {
    assertBadArgument(() -> new RowMutations(null), "RowMutations row", "null");
    assertBadArgument(() -> new RowMutations(new byte[0]), "RowMutations row", "empty");
  }

  @Test
  void isARow() {
    RowMutations rm = new RowMutations(b("r"));
    Row row = rm;
    assertSame(rm.getRow(), row.getRow());
  }
}
