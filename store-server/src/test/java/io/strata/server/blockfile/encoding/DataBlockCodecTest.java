package io.strata.server.blockfile.encoding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.BufferKeyValue;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every encoding decodes the same cells from a heap array and from direct (off-heap) memory, and
 * a seek inside a block by {@link CellDecoder#skipBefore} lands where stepping would.
 */
class DataBlockCodecTest {
  private static final int PAD = 7; // the block starts inside its buffer, as in cache memory

  private static List<KeyValue> randomSortedCells(Random rnd, int n) {
    List<KeyValue> cells = new ArrayList<>();
    CellType[] types = {CellType.PUT, CellType.PUT, CellType.PUT, CellType.DELETE,
        CellType.DELETE_COLUMN, CellType.DELETE_FAMILY};
    for (int i = 0; i < n; i++) {
      byte[] row = Bytes.toBytes("r" + rnd.nextInt(n / 4 + 1));
      byte[] family = Bytes.toBytes(rnd.nextBoolean() ? "a" : "bb");
      byte[] qualifier = new byte[rnd.nextInt(12)];
      rnd.nextBytes(qualifier);
      byte[] value = new byte[rnd.nextInt(3) == 0 ? 0 : rnd.nextInt(300)];
      rnd.nextBytes(value);
      List<Tag> tags = rnd.nextInt(5) == 0 ? List.of(new Tag(1, Bytes.toBytes("t" + i)))
          : List.of();
      cells.add(KeyValue.of(row, family, qualifier, rnd.nextInt(5), types[rnd.nextInt(
          types.length)], value, tags));
    }
    cells.sort(CellComparator.INSTANCE);
    // Equal keys cannot both be stored: keep the first of each.
    List<KeyValue> unique = new ArrayList<>();
    for (KeyValue c : cells) {
      if (unique.isEmpty()
          || CellComparator.INSTANCE.compare(unique.get(unique.size() - 1), c) != 0) {
        unique.add(c);
      }
    }
    return unique;
  }

  private static byte[] encode(DataBlockCodec codec, List<KeyValue> cells) {
    ByteOutput out = new ByteOutput(1024);
    DataBlockCodec.Encoder e = codec.newEncoder();
    for (KeyValue c : cells) {
      e.encode(c, out);
    }
    e.finishBlock(out);
    return java.util.Arrays.copyOf(out.array(), out.size());
  }

  private static ByteBuffer direct(byte[] block) {
    ByteBuffer b = ByteBuffer.allocateDirect(block.length + 2 * PAD);
    b.put(PAD, block);
    return b.asReadOnlyBuffer();
  }

  private static String render(Cell c) {
    KeyValue kv = KeyValue.copyOf(c);
    return kv + "/" + Bytes.toHex(kv.getValueArray(), kv.getValueOffset(), kv.getValueLength())
        + "/" + kv.getTags();
  }

  private static List<String> decodeAll(CellDecoder d) {
    List<String> out = new ArrayList<>();
    while (d.hasNext()) {
      out.add(render(d.next()));
    }
    return out;
  }

  @ParameterizedTest
  @EnumSource(DataBlockEncoding.class)
  void heapAndDirectBlocksDecodeToTheSameCells(DataBlockEncoding encoding) {
    DataBlockCodec codec = DataBlockCodecs.forEncoding(encoding);
    Random rnd = new Random(11);
    for (int round = 0; round < 20; round++) {
      List<KeyValue> cells = randomSortedCells(rnd, 1 + rnd.nextInt(200));
      byte[] block = encode(codec, cells);
      List<String> expected = new ArrayList<>();
      cells.forEach(c -> expected.add(render(c)));
      assertEquals(expected, decodeAll(codec.newDecoder(block, 0, block.length)));
      ByteBuffer off = direct(block);
      CellDecoder d = codec.newDecoder(off, PAD, PAD + block.length);
      if (encoding == DataBlockEncoding.NONE || encoding == DataBlockEncoding.ROW_INDEX_V1) {
        assertTrue(d.next() instanceof BufferKeyValue, encoding + " cells are read in place");
        d = codec.newDecoder(off, PAD, PAD + block.length);
      }
      assertEquals(expected, decodeAll(d));
    }
  }

  @ParameterizedTest
  @EnumSource(DataBlockEncoding.class)
  void skipBeforeLandsOnTheFirstCellAtOrAfterTheKey(DataBlockEncoding encoding) {
    DataBlockCodec codec = DataBlockCodecs.forEncoding(encoding);
    Random rnd = new Random(12);
    List<KeyValue> cells = randomSortedCells(rnd, 400);
    byte[] block = encode(codec, cells);
    List<Cell> probes = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      KeyValue c = cells.get(rnd.nextInt(cells.size()));
      probes.add(switch (i % 3) {
        case 0 -> c; // an exact key
        case 1 -> CellKeys.firstOnRow(Bytes.copy(c.getRowArray(), c.getRowOffset(),
            c.getRowLength()));
        default -> randomSortedCells(rnd, 1).get(0); // anywhere, perhaps past the end
      });
    }
    for (Cell probe : probes) {
      int expected = 0;
      while (expected < cells.size()
          && CellComparator.INSTANCE.compare(cells.get(expected), probe) < 0) {
        expected++;
      }
      for (boolean off : new boolean[] {false, true}) {
        CellDecoder d = off ? codec.newDecoder(direct(block), PAD, PAD + block.length)
            : codec.newDecoder(block, 0, block.length);
        // Step a few cells first: skipping starts from wherever the decoder is.
        int stepped = Math.min(rnd.nextInt(3), expected);
        for (int i = 0; i < stepped; i++) {
          d.next();
        }
        boolean found = d.skipBefore(probe);
        assertEquals(expected < cells.size(), found, "probe " + probe);
        if (found) {
          assertEquals(render(cells.get(expected)), render(d.next()), "probe " + probe);
        } else {
          assertFalse(d.hasNext());
        }
      }
    }
  }

  @ParameterizedTest
  @EnumSource(DataBlockEncoding.class)
  void aTruncatedBlockIsRefusedOnAndOffHeap(DataBlockEncoding encoding) {
    DataBlockCodec codec = DataBlockCodecs.forEncoding(encoding);
    List<KeyValue> cells = randomSortedCells(new Random(13), 50);
    byte[] block = encode(codec, cells);
    int cut = block.length - 3;
    assertThrows(IllegalArgumentException.class,
        () -> decodeAll(codec.newDecoder(block, 0, cut)));
    assertThrows(IllegalArgumentException.class,
        () -> decodeAll(codec.newDecoder(direct(block), PAD, PAD + cut)));
    Cell pastEnd = CellKeys.firstOnRow(Bytes.toBytes("zzz"));
    assertThrows(IllegalArgumentException.class,
        () -> codec.newDecoder(direct(block), PAD, PAD + cut).skipBefore(pastEnd));
  }

  @org.junit.jupiter.api.Test
  void aRowIndexPointingOutsideTheCellsIsRefused() {
    DataBlockCodec codec = DataBlockCodecs.forEncoding(DataBlockEncoding.ROW_INDEX_V1);
    List<KeyValue> cells = randomSortedCells(new Random(14), 40);
    byte[] block = encode(codec, cells);
    int rows = ByteBuffer.wrap(block).getInt(block.length - 4);
    // The row a search probes first starts far past the cells.
    ByteBuffer.wrap(block).putInt(block.length - 4 - 4 * rows + 4 * ((rows - 1) / 2), 1 << 20);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> codec.newDecoder(direct(block), PAD, PAD + block.length).skipBefore(
            cells.get(cells.size() - 1)));
    assertTrue(e.getMessage().contains("outside the block"), e.getMessage());
    byte[] tooMany = block.clone();
    ByteBuffer.wrap(tooMany).putInt(tooMany.length - 4, 1 << 28);
    e = assertThrows(IllegalArgumentException.class,
        () -> codec.newDecoder(tooMany, 0, tooMany.length));
    assertTrue(e.getMessage().contains("rows, more than"), e.getMessage());
  }
}
