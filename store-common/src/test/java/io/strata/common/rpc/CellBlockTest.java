package io.strata.common.rpc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
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
  void aDeferredWriterEncodesItsCellsAsAnEagerOneWhereverItWrites() throws BadRequestException {
    java.util.Random rand = new java.util.Random(11);
    for (int round = 0; round < 50; round++) {
      CellBlock.Writer eager = new CellBlock.Writer(16);
      CellBlock.Writer deferred = CellBlock.Writer.deferred(4);
      int n = rand.nextInt(20);
      for (int i = 0; i < n; i++) {
        byte[] value = new byte[rand.nextInt(3) == 0 ? 0 : rand.nextInt(3000)];
        rand.nextBytes(value);
        byte[] row = Bytes.toBytes("row" + rand.nextInt(100));
        byte[] qualifier = Bytes.toBytes("q" + i);
        long ts = rand.nextInt(1000);
        boolean tagged = rand.nextBoolean();
        KeyValue kv = KeyValue.of(row, Bytes.toBytes("f"), qualifier, ts, CellType.PUT, value,
            tagged ? List.of(Tag.ttl(1 + rand.nextInt(5000))) : List.of());
        // A cell that is not a KeyValue is encoded through a scratch buffer; a Put's column
        // (ArraysCell, never tagged) as its key and then its value.
        int kind = rand.nextInt(3);
        Cell c = kind == 0 ? kv : kind == 1 || tagged ? inBuffer(kv)
            : new ArraysCell(row, Bytes.toBytes("f"), qualifier, ts, CellType.PUT, value);
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
      assertEquals(n, new CellBlock.Reader(expected).next(n).size());
    }
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
