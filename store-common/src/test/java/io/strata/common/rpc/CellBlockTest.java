package io.strata.common.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.BufferKeyValue;
import io.strata.common.cell.ArraysCell;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.error.BadRequestException;
import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellBlockTest {
  private static final KeyValue TAGGED = KeyValue.of(Bytes.toBytes("r"), Bytes.toBytes("f"),
      Bytes.toBytes("q"), 5, CellType.PUT, Bytes.toBytes("value"), List.of(Tag.ttl(1000)));

  private static BufferKeyValue inBuffer(KeyValue kv) {
    ByteBuffer direct = ByteBuffer.allocateDirect(kv.getLength());
    direct.put(kv.getBuffer(), kv.getOffset(), kv.getLength());
    return BufferKeyValue.decode(direct, 0, kv.getLength());
  }

  @Test
  void aWriterOfTheExactSizeHandsOverItsArray() throws BadRequestException {
    int size = CellKeys.cellLength(TAGGED) + CellKeys.cellLength(inBuffer(TAGGED));
    CellBlock.Writer exact = new CellBlock.Writer(size);
    exact.add(TAGGED);
    exact.add(inBuffer(TAGGED));
    byte[] block = exact.toBytes();
    assertEquals(size, block.length);
    assertSame(block, exact.toBytes());
    CellBlock.Writer larger = new CellBlock.Writer(size + 1);
    larger.add(TAGGED);
    larger.add(inBuffer(TAGGED));
    assertArrayEquals(block, larger.toBytes());
    assertEquals(2, new CellBlock.Reader(block).next(2).size());
    assertNull(new CellBlock.Writer(0).toBytes());
  }

  @Test
  void aReaderOfAnArraysFirstBytesReadsNothingAfterThem() throws BadRequestException {
    KeyValue one = KeyValue.of(Bytes.toBytes("r1"), Bytes.toBytes("f"), Bytes.toBytes("q"), 1,
        CellType.PUT, Bytes.toBytes("one"));
    int length = one.getLength();
    byte[] array = new byte[3 * length];
    System.arraycopy(one.getBuffer(), one.getOffset(), array, 0, length);
    // What follows the block is a whole cell of an earlier request: never to be read.
    System.arraycopy(TAGGED.getBuffer(), TAGGED.getOffset(), array, length, TAGGED.getLength());
    CellBlock.Reader reader = new CellBlock.Reader(array, length);
    assertEquals(0, CellComparator.INSTANCE.compare(one, reader.next(1).get(0)));
    assertTrue(reader.atEnd());
    BadRequestException e = assertThrows(BadRequestException.class,
        () -> new CellBlock.Reader(array, length).next(2));
    assertEquals("bad request: a message claims 2 cells but the cell block ends after 1; "
        + "the client sent a truncated cell block", e.getMessage());
    assertThrows(BadRequestException.class,
        () -> new CellBlock.Reader(array, length - 1).next(1), "a cell cut by the length");
    assertThrows(IllegalArgumentException.class, () -> new CellBlock.Reader(array, -1));
    assertThrows(IllegalArgumentException.class,
        () -> new CellBlock.Reader(array, array.length + 1));
  }

  @Test
  void aDeferredWriterEncodesItsCellsAsAnEagerOneWhereverItWrites() throws BadRequestException {
    java.util.Random rand = new java.util.Random(11);
    for (int round = 0; round < 50; round++) {
      CellBlock.Writer eager = new CellBlock.Writer(16);
      CellBlock.Writer deferred = CellBlock.Writer.deferred(4);
      int n = rand.nextInt(20);
      for (int i = 0; i < n; i++) {
        // Now and then a cell larger than the pieces a native frame is encoded in (64 KB),
        // or a qualifier that is.
        int valueLength = rand.nextInt(3) == 0 ? 0 : rand.nextInt(12) == 0
            ? 60_000 + rand.nextInt(80_000) : rand.nextInt(3000);
        byte[] value = new byte[valueLength];
        rand.nextBytes(value);
        byte[] row = Bytes.toBytes("row" + rand.nextInt(100));
        byte[] qualifier = rand.nextInt(40) == 0 ? new byte[65_530 + rand.nextInt(10)]
            : Bytes.toBytes("q" + i);
        long ts = rand.nextInt(1000);
        boolean tagged = rand.nextBoolean();
        KeyValue kv = KeyValue.of(row, Bytes.toBytes("f"), qualifier, ts, CellType.PUT, value,
            tagged ? List.of(Tag.ttl(1 + rand.nextInt(5000))) : List.of());
        // A cell that is not a KeyValue is encoded through a scratch buffer; a Put's column
        // (ArraysCell, never tagged) as its key and then its value.
        // Its value the whole of an array, or a range of a larger one (as pe's pool).
        int kind = rand.nextInt(4);
        byte[] around = new byte[value.length + 20];
        rand.nextBytes(around);
        System.arraycopy(value, 0, around, 9, value.length);
        byte[] f = Bytes.toBytes("f");
        Cell c = kind == 0 ? kv : kind == 1 || tagged ? inBuffer(kv)
            : kind == 2 ? new ArraysCell(row, f, qualifier, ts, CellType.PUT, value)
            : new ArraysCell(row, f, qualifier, ts, CellType.PUT, around, 9, value.length);
        eager.add(c);
        deferred.add(c);
      }
      assertEquals(eager.size(), deferred.size());
      byte[] expected = eager.toBytes();
      if (n == 0) {
        assertNull(expected);
        assertNull(deferred.toBytes());
        continue;
      }
      assertArrayEquals(expected, deferred.toBytes());
      // Written twice (a retried call), into a pooled direct buffer as the client does.
      io.netty.buffer.ByteBuf buf = RpcBuffers.ALLOCATOR.directBuffer(2 * deferred.size());
      try {
        deferred.writeTo(buf);
        deferred.writeTo(buf);
        byte[] twice = new byte[buf.readableBytes()];
        buf.readBytes(twice);
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(twice, 0, expected.length));
        assertArrayEquals(expected,
            java.util.Arrays.copyOfRange(twice, expected.length, twice.length));
      } finally {
        buf.release();
      }
      // And into a buffer over an array, as the client's frames are: its cells copied straight
      // into the array, from the buffer's offset there, and nothing written outside its part.
      byte[] array = new byte[2 * deferred.size() + 16];
      java.util.Arrays.fill(array, (byte) 0x5a);
      io.netty.buffer.ByteBuf heap =
          io.netty.buffer.Unpooled.wrappedBuffer(array, 7, 2 * deferred.size()).clear();
      deferred.writeTo(heap);
      deferred.writeTo(heap);
      assertEquals(2 * expected.length, heap.readableBytes());
      assertArrayEquals(expected, java.util.Arrays.copyOfRange(array, 7, 7 + expected.length));
      assertArrayEquals(expected, java.util.Arrays.copyOfRange(array, 7 + expected.length,
          7 + 2 * expected.length));
      for (int i = 0; i < array.length; i++) {
        if (i < 7 || i >= 7 + 2 * expected.length) {
          assertEquals(0x5a, array[i], "byte " + i + " outside the buffer");
        }
      }
      assertEquals(n, new CellBlock.Reader(expected).next(n).size());
    }
  }

  @Test
  void aCellThatGrowsAfterItWasAddedIsRefusedNotWrittenPastTheBuffer() {
    KeyValue small = KeyValue.of(Bytes.toBytes("r"), Bytes.toBytes("f"), Bytes.toBytes("q"), 5,
        CellType.PUT, new byte[10]);
    KeyValue large = KeyValue.of(Bytes.toBytes("r"), Bytes.toBytes("f"), Bytes.toBytes("q"), 5,
        CellType.PUT, new byte[100]);
    Changing cell = new Changing(small);
    CellBlock.Writer deferred = CellBlock.Writer.deferred(1);
    deferred.add(cell);
    cell.now = large; // a caller changing its cell before the call was written
    byte[] array = new byte[200];
    io.netty.buffer.ByteBuf heap =
        io.netty.buffer.Unpooled.wrappedBuffer(array, 0, small.getLength()).clear();
    IllegalStateException e =
        org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
            () -> deferred.writeTo(heap));
    assertTrue(e.getMessage().contains("changed after it was added"), e.getMessage());
    assertEquals(0, heap.writerIndex());
    for (int i = small.getLength(); i < array.length; i++) {
      assertEquals(0, array[i], "byte " + i + " written past the cell's counted size");
    }
    // Into native memory (a write buffer's batch): refused before the cell is written.
    io.netty.buffer.ByteBuf direct = RpcBuffers.ALLOCATOR.directBuffer(small.getLength(),
        small.getLength());
    try {
      IllegalStateException d = org.junit.jupiter.api.Assertions.assertThrows(
          IllegalStateException.class, () -> deferred.writeTo(direct));
      assertTrue(d.getMessage().contains("outgrew"), d.getMessage());
      assertEquals(0, direct.writerIndex());
    } finally {
      direct.release();
    }
    // A cell that shrank is refused too, its bytes not taken for the counted ones.
    Changing shrinking = new Changing(large);
    CellBlock.Writer other = CellBlock.Writer.deferred(1);
    other.add(shrinking);
    shrinking.now = small;
    io.netty.buffer.ByteBuf room = RpcBuffers.ALLOCATOR.directBuffer(large.getLength());
    try {
      IllegalStateException d = org.junit.jupiter.api.Assertions.assertThrows(
          IllegalStateException.class, () -> other.writeTo(room));
      assertTrue(d.getMessage().contains("took " + small.getLength() + " bytes, not the "
          + large.getLength()), d.getMessage());
    } finally {
      room.release();
    }
  }

  /** A cell whose content its owner replaces: what a caller reusing its arrays amounts to. */
  private static final class Changing implements Cell {
    Cell now;

    Changing(Cell first) {
      now = first;
    }

    @Override public byte[] getRowArray() { return now.getRowArray(); }
    @Override public int getRowOffset() { return now.getRowOffset(); }
    @Override public int getRowLength() { return now.getRowLength(); }
    @Override public byte[] getFamilyArray() { return now.getFamilyArray(); }
    @Override public int getFamilyOffset() { return now.getFamilyOffset(); }
    @Override public int getFamilyLength() { return now.getFamilyLength(); }
    @Override public byte[] getQualifierArray() { return now.getQualifierArray(); }
    @Override public int getQualifierOffset() { return now.getQualifierOffset(); }
    @Override public int getQualifierLength() { return now.getQualifierLength(); }
    @Override public long getTimestamp() { return now.getTimestamp(); }
    @Override public CellType getType() { return now.getType(); }
    @Override public byte[] getValueArray() { return now.getValueArray(); }
    @Override public int getValueOffset() { return now.getValueOffset(); }
    @Override public int getValueLength() { return now.getValueLength(); }
    @Override public byte[] getTagsArray() { return now.getTagsArray(); }
    @Override public int getTagsOffset() { return now.getTagsOffset(); }
    @Override public int getTagsLength() { return now.getTagsLength(); }
  }

  @Test
  void requestsKeepTagsAnswersDropThem() throws BadRequestException {
    Cell fromBuffer = inBuffer(TAGGED);
    CellBlock.Writer request = new CellBlock.Writer(64);
    request.add(TAGGED);
    request.add(fromBuffer);
    for (Cell c : new CellBlock.Reader(request.toBytes()).next(2)) {
      assertEquals(1000, Tag.ttlMillis(c));
    }
    CellBlock.Writer answer = CellBlock.Writer.withoutTags(64);
    answer.addAll(List.of(TAGGED, fromBuffer, KeyValue.of(Bytes.toBytes("r"),
        Bytes.toBytes("f"), Bytes.toBytes("z"), 1, CellType.DELETE, Bytes.EMPTY)));
    CellBlock.Reader reader = new CellBlock.Reader(answer.toBytes());
    List<Cell> read = reader.next(3);
    assertTrue(reader.atEnd());
    for (int i = 0; i < 2; i++) {
      Cell c = read.get(i);
      assertEquals(0, c.getTagsLength());
      assertEquals(0, CellComparator.INSTANCE.compare(TAGGED, c));
      assertEquals("value", Bytes.toString(c.getValueArray(), c.getValueOffset(),
          c.getValueLength()));
    }
    assertEquals(CellType.DELETE, read.get(2).getType());
    assertEquals(TAGGED.getLength() - 11, ((KeyValue) read.get(0)).getLength(),
        "the 11-byte TTL tag is gone, the 2-byte tags length stays");
  }

  @Test
  void aBlockSizedByItsCellsIsMadeOnceAndHandedOver() throws BadRequestException {
    List<Cell> cells = List.of(TAGGED, inBuffer(TAGGED));
    CellBlock.Writer answer = CellBlock.Writer.withoutTags(0);
    long bytes = answer.bytes(cells);
    assertEquals(2 * (TAGGED.getLength() - 11), bytes, "sized without the tags");
    answer.reserve(bytes);
    answer.addAll(cells);
    byte[] block = answer.toBytes();
    assertEquals(bytes, block.length);
    assertSame(block, answer.toBytes(), "exactly full: no copy to trim");
    assertEquals(2, new CellBlock.Reader(block).next(2).size());
    // addAll makes room for its cells at once, and a request keeps the tags.
    CellBlock.Writer request = new CellBlock.Writer(16);
    request.addAll(cells);
    byte[] withTags = request.toBytes();
    assertEquals(request.bytes(cells), withTags.length);
    assertEquals(2L * TAGGED.getLength(), withTags.length);
    assertSame(withTags, request.toBytes());
  }
}
