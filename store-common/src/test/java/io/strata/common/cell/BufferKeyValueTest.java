package io.strata.common.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A cell read in place from direct memory behaves exactly like the same cell on the heap. */
class BufferKeyValueTest {
  private static List<KeyValue> randomCells(Random rnd, int n) {
    List<KeyValue> cells = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      // Short alphabets so that parts are often equal and comparisons go deep.
      byte[] row = new byte[rnd.nextInt(20)];
      for (int j = 0; j < row.length; j++) {
        row[j] = (byte) (rnd.nextInt(3) * 100); // includes bytes >= 0x80: unsigned order
      }
      byte[] fam = Bytes.toBytes(rnd.nextBoolean() ? "f" : "g");
      byte[] qual = new byte[rnd.nextInt(10)];
      for (int j = 0; j < qual.length; j++) {
        qual[j] = (byte) (rnd.nextInt(2) * 200);
      }
      byte[] value = new byte[rnd.nextInt(50)];
      rnd.nextBytes(value);
      cells.add(KeyValue.of(row, fam, qual, rnd.nextInt(3) - 1L,
          rnd.nextBoolean() ? CellType.PUT : CellType.DELETE, value,
          rnd.nextInt(4) == 0 ? List.of(new Tag(2, value)) : List.of()));
    }
    return cells;
  }

  /** The cells encoded back to back in direct memory, read in place. */
  private static List<BufferKeyValue> inDirectMemory(List<KeyValue> cells) {
    ByteOutput out = new ByteOutput(1024);
    out.write(new byte[5]); // not at the buffer's start
    for (KeyValue c : cells) {
      CellKeys.writeCell(c, out);
    }
    ByteBuffer b = ByteBuffer.allocateDirect(out.size());
    b.put(0, out.array(), 0, out.size());
    List<BufferKeyValue> read = new ArrayList<>();
    int pos = 5;
    while (pos < out.size()) {
      BufferKeyValue c = BufferKeyValue.decode(b, pos, out.size());
      read.add(c);
      pos += c.getLength();
    }
    return read;
  }

  @Test
  void comparesCopiesAndWritesLikeTheHeapCell() {
    Random rnd = new Random(5);
    List<KeyValue> heap = randomCells(rnd, 300);
    List<BufferKeyValue> direct = inDirectMemory(heap);
    assertEquals(heap.size(), direct.size());
    CellComparator cmp = CellComparator.INSTANCE;
    for (int i = 0; i < heap.size(); i++) {
      KeyValue h = heap.get(i);
      BufferKeyValue d = direct.get(i);
      assertEquals(h, d.toKeyValue());
      assertEquals(h, KeyValue.copyOf(d));
      assertEquals(h, KeyValue.deepCopy(d));
      assertEquals(h.toString(), d.toString());
      assertEquals(h.getTimestamp(), d.getTimestamp());
      assertEquals(h.getType(), d.getType());
      assertEquals(Bytes.toHex(h.getTagsArray(), h.getTagsOffset(), h.getTagsLength()),
          Bytes.toHex(d.getTagsArray(), d.getTagsOffset(), d.getTagsLength()));
      ByteOutput out = new ByteOutput(64);
      CellKeys.writeCell(d, out);
      assertEquals(Bytes.toHex(h.getBuffer(), h.getOffset(), h.getLength()),
          Bytes.toHex(out.array(), 0, out.size()));
      for (int j = 0; j < heap.size(); j += 7) {
        KeyValue o = heap.get(j);
        int expected = Integer.signum(cmp.compare(h, o));
        assertEquals(expected, Integer.signum(cmp.compare(d, o)), h + " vs " + o);
        assertEquals(expected, Integer.signum(cmp.compare(d, direct.get(j))));
        assertEquals(-expected, Integer.signum(cmp.compare(o, d)));
        assertEquals(Integer.signum(cmp.compareRows(h, o)), Integer.signum(cmp.compareRow(d,
            o.getRowArray(), o.getRowOffset(), o.getRowLength())));
        assertEquals(expected, Integer.signum(CellKeys.compareKey(d.getBuffer(),
            d.getKeyPosition(), d.getKeyLength(), o)));
        assertEquals(expected, Integer.signum(CellKeys.compareKey(d.getBuffer(),
            d.getKeyPosition(), d.getKeyLength(), direct.get(j))));
      }
    }
  }

  @Test
  void malformedBytesAreRefusedAsOnTheHeap() {
    KeyValue kv = KeyValue.of(Bytes.toBytes("row"), Bytes.toBytes("f"), Bytes.toBytes("q"), 1,
        CellType.PUT, Bytes.toBytes("value"));
    byte[] good = Bytes.copy(kv.getBuffer(), kv.getOffset(), kv.getLength());
    Random rnd = new Random(6);
    for (int i = 0; i < 2000; i++) {
      byte[] bad = good.clone();
      bad[rnd.nextInt(12)] = (byte) rnd.nextInt(256); // lengths and the row's first bytes
      int limit = rnd.nextInt(4) == 0 ? rnd.nextInt(bad.length) : bad.length;
      ByteBuffer direct = ByteBuffer.allocateDirect(bad.length);
      direct.put(0, bad);
      String heapResult;
      try {
        heapResult = KeyValue.decode(bad, 0, limit).toString();
      } catch (IllegalArgumentException e) {
        heapResult = e.getMessage();
      }
      String directResult;
      try {
        directResult = BufferKeyValue.decode(direct, 0, limit).toString();
      } catch (IllegalArgumentException e) {
        directResult = e.getMessage();
      }
      assertEquals(heapResult, directResult);
    }
    assertThrows(IllegalArgumentException.class,
        () -> BufferKeyValue.decode(ByteBuffer.allocateDirect(4), 0, 4));
  }
}
