package io.strata.common.cell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.ByteOutput;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class HeldKeyTest {
  private static final CellType[] TYPES = {CellType.PUT, CellType.DELETE,
      CellType.DELETE_COLUMN, CellType.DELETE_FAMILY};

  /** Few distinct parts, so equal rows, columns and whole keys come up often. */
  private static KeyValue randomCell(Random rnd) {
    byte[] row = new byte[rnd.nextInt(4)];
    for (int i = 0; i < row.length; i++) {
      row[i] = (byte) (rnd.nextInt(3) * 127); // 0, 127 and 254: signed and unsigned differ
    }
    byte[] family = new byte[] {(byte) ('a' + rnd.nextInt(2))};
    byte[] qualifier = new byte[rnd.nextInt(3)];
    rnd.nextBytes(qualifier);
    byte[] value = new byte[rnd.nextInt(40)];
    rnd.nextBytes(value);
    return KeyValue.of(row, family, qualifier, rnd.nextInt(3), TYPES[rnd.nextInt(TYPES.length)],
        value);
  }

  /**
   * The same key as a KeyValue, a cell read in place from direct memory, one of arrays and one
   * whose key and value lie apart.
   */
  private static List<Cell> forms(KeyValue kv) {
    ByteOutput out = new ByteOutput(64);
    out.write(new byte[3]); // not at the buffer's start
    CellKeys.writeCell(kv, out);
    ByteBuffer direct = ByteBuffer.allocateDirect(out.size());
    direct.put(0, out.array(), 0, out.size());
    Cell arrays = new ArraysCell(
        Arrays.copyOfRange(kv.getRowArray(), kv.getRowOffset(), kv.getRowOffset()
            + kv.getRowLength()),
        Arrays.copyOfRange(kv.getFamilyArray(), kv.getFamilyOffset(), kv.getFamilyOffset()
            + kv.getFamilyLength()),
        Arrays.copyOfRange(kv.getQualifierArray(), kv.getQualifierOffset(),
            kv.getQualifierOffset() + kv.getQualifierLength()),
        kv.getTimestamp(), kv.getType(),
        Arrays.copyOfRange(kv.getValueArray(), kv.getValueOffset(), kv.getValueOffset()
            + kv.getValueLength()));
    byte[] key = CellKeys.key(kv);
    Cell split = new SplitCell(key, 0, key.length, new byte[] {1, 2, 3}, 1, 2, 3, 0);
    return List.of(kv, BufferKeyValue.decode(direct, 3, out.size()), arrays, split);
  }

  @Test
  void holdsAKeyThatSortsAsItsCellDidWhateverTheCellsForm() {
    Random rnd = new Random(24);
    List<KeyValue> cells = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      cells.add(randomCell(rnd));
    }
    HeldKey held = new HeldKey();
    assertTrue(held.isEmpty());
    assertNull(held.cell());
    int equal = 0;
    for (int i = 0; i < 2_000; i++) {
      KeyValue a = cells.get(rnd.nextInt(cells.size()));
      KeyValue b = cells.get(rnd.nextInt(cells.size()));
      for (Cell form : forms(a)) {
        held.set(form); // one holder for every cell: what it held before must not show
        assertArrayEquals(CellKeys.key(a), held.toByteArray());
        if (!(form instanceof KeyValue)) {
          assertEquals(0, held.cell().getValueLength(), "a copied key has no value");
        }
        for (Cell other : forms(b)) {
          int want = Integer.signum(CellComparator.INSTANCE.compare(a, b));
          assertEquals(want, Integer.signum(held.compareTo(other)), a + " against " + b);
          assertEquals(-want, Integer.signum(CellComparator.INSTANCE.compare(other,
              held.cell())));
          equal += want == 0 ? 1 : 0;
        }
      }
    }
    assertTrue(equal > 100, "too few equal keys to test them: " + equal);
  }

  @Test
  void printsTheKeyWithoutAValue() {
    HeldKey held = new HeldKey();
    assertEquals("none", held.toString());
    held.set(KeyValue.of(new byte[] {'r', 0}, new byte[] {'f'}, new byte[] {'q'}, 7,
        CellType.DELETE_COLUMN, new byte[100]));
    assertEquals("r\\x00/f:q/7/DELETE_COLUMN", held.toString());
  }
}
