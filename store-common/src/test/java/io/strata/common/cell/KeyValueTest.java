package io.strata.common.cell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.util.Bytes;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class KeyValueTest {
  private static final CellType[] STORED_TYPES = {CellType.PUT, CellType.DELETE,
      CellType.DELETE_FAMILY_VERSION, CellType.DELETE_COLUMN, CellType.DELETE_FAMILY};

  private static byte[] bytes(Random rnd, int max) {
    byte[] b = new byte[rnd.nextInt(max + 1)];
    rnd.nextBytes(b);
    return b;
  }

  @Test
  void encodeIntoWritesTheCopyWithANewTimestampAndTagsAtAnOffset() {
    Random rnd = new Random(23);
    for (int i = 0; i < 200; i++) {
      List<Tag> own = rnd.nextBoolean() ? List.of() : List.of(Tag.ttl(1 + rnd.nextInt(1000)));
      KeyValue c = KeyValue.of(bytes(rnd, 30), Bytes.toBytes("f"), bytes(rnd, 10),
          rnd.nextInt(100), STORED_TYPES[rnd.nextInt(STORED_TYPES.length)], bytes(rnd, 500),
          own);
      List<Tag> tags = rnd.nextBoolean() ? Tag.tagsOf(c) : List.of(Tag.ttl(5000));
      KeyValue expected = KeyValue.copyOf(c, 1_000 + i, tags);
      byte[] encodedTags = expected.getTagsLength() == 0 ? new byte[0] : Arrays.copyOfRange(
          expected.getTagsArray(), expected.getTagsOffset(),
          expected.getTagsOffset() + expected.getTagsLength());
      byte[] padded = new byte[encodedTags.length + 3]; // the tags taken from inside an array
      System.arraycopy(encodedTags, 0, padded, 2, encodedTags.length);
      int length = KeyValue.encodedLength(c, encodedTags.length);
      assertEquals(expected.getLength(), length);
      byte[] target = new byte[length + 7];
      KeyValue.encodeInto(target, 7, c, 1_000 + i, padded, 2, encodedTags.length);
      assertEquals(expected, KeyValue.decode(target, 7, target.length));
    }
    assertThrows(IllegalArgumentException.class, () -> KeyValue.encodedLength(
        KeyValue.of(Bytes.toBytes("r"), Bytes.toBytes("f"), Bytes.EMPTY, 1, CellType.PUT,
            Bytes.EMPTY), CellLimits.MAX_TAGS_LENGTH + 1));
  }

  @Test
  void encodesTheDocumentedLayout() {
    KeyValue kv = KeyValue.of(Bytes.toBytes("r1"), Bytes.toBytes("f"), Bytes.toBytes("q"), 7L,
        CellType.PUT, Bytes.toBytes("val"));
    byte[] expected = {
        0, 0, 0, 16, // key length: 2 + 2 (row) + 1 + 1 (family) + 1 (qualifier) + 8 + 1
        0, 0, 0, 3, // value length
        0, 2, 'r', '1', // row
        1, 'f', // family
        'q', // qualifier
        0, 0, 0, 0, 0, 0, 0, 7, // timestamp
        4, // type PUT
        'v', 'a', 'l', // value
        0, 0}; // tags length
    assertArrayEquals(expected, Arrays.copyOfRange(kv.getBuffer(), kv.getOffset(),
        kv.getOffset() + kv.getLength()));
    assertEquals("r1/f:q/7/PUT/vlen=3", kv.toString());
  }

  @Test
  void randomCellsRoundTripThroughTheEncoding() {
    Random rnd = new Random(20261122L);
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    List<Object[]> expected = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      byte[] row = bytes(rnd, 40);
      byte[] fam = bytes(rnd, 10);
      byte[] qual = bytes(rnd, 30);
      long ts = rnd.nextInt(10) == 0 ? Long.MAX_VALUE : rnd.nextLong();
      CellType type = STORED_TYPES[rnd.nextInt(STORED_TYPES.length)];
      byte[] value = bytes(rnd, 200);
      List<Tag> tags = new ArrayList<>();
      for (int t = rnd.nextInt(3); t > 0; t--) {
        tags.add(new Tag(rnd.nextInt(256), bytes(rnd, 8)));
      }
      KeyValue kv = KeyValue.of(row, fam, qual, ts, type, value, tags);
      stream.write(kv.getBuffer(), kv.getOffset(), kv.getLength());
      expected.add(new Object[] {row, fam, qual, ts, type, value, tags});
    }
    byte[] all = stream.toByteArray();
    int pos = 0;
    for (Object[] e : expected) {
      KeyValue kv = KeyValue.decode(all, pos, all.length);
      assertArrayEquals((byte[]) e[0], part(kv.getRowArray(), kv.getRowOffset(), kv.getRowLength()));
      assertArrayEquals((byte[]) e[1],
          part(kv.getFamilyArray(), kv.getFamilyOffset(), kv.getFamilyLength()));
      assertArrayEquals((byte[]) e[2],
          part(kv.getQualifierArray(), kv.getQualifierOffset(), kv.getQualifierLength()));
      assertEquals(e[3], kv.getTimestamp());
      assertEquals(e[4], kv.getType());
      assertArrayEquals((byte[]) e[5],
          part(kv.getValueArray(), kv.getValueOffset(), kv.getValueLength()));
      assertEquals(e[6], kv.getTags());
      assertEquals(KeyValue.copyOf(kv), kv);
      pos += kv.getLength();
    }
    assertEquals(all.length, pos);
  }

  private static byte[] part(byte[] a, int off, int len) {
    return Arrays.copyOfRange(a, off, off + len);
  }

  @Test
  void copyOfAnotherCellImplementationKeepsEveryPart() {
    KeyValue source = KeyValue.of(Bytes.toBytes("row"), Bytes.toBytes("fam"),
        Bytes.toBytes("qual"), 99, CellType.DELETE_COLUMN, Bytes.toBytes("value"),
        List.of(new Tag(1, Bytes.toBytes("t"))));
    Cell view = new Cell() { // a cell whose parts live in separate arrays
      final byte[] row = Bytes.toBytes("row");
      final byte[] fam = Bytes.toBytes("fam");
      final byte[] qual = Bytes.toBytes("qual");
      final byte[] val = Bytes.toBytes("value");

      public byte[] getRowArray() { return row; }
      public int getRowOffset() { return 0; }
      public int getRowLength() { return row.length; }
      public byte[] getFamilyArray() { return fam; }
      public int getFamilyOffset() { return 0; }
      public int getFamilyLength() { return fam.length; }
      public byte[] getQualifierArray() { return qual; }
      public int getQualifierOffset() { return 0; }
      public int getQualifierLength() { return qual.length; }
      public long getTimestamp() { return 99; }
      public CellType getType() { return CellType.DELETE_COLUMN; }
      public byte[] getValueArray() { return val; }
      public int getValueOffset() { return 0; }
      public int getValueLength() { return val.length; }
      public byte[] getTagsArray() { return source.getTagsArray(); }
      public int getTagsOffset() { return source.getTagsOffset(); }
      public int getTagsLength() { return source.getTagsLength(); }
    };
    assertEquals(source, KeyValue.copyOf(view));
  }

  @Test
  void malformedInputIsRejectedWithTheOffset() {
    KeyValue kv = KeyValue.of(Bytes.toBytes("r"), Bytes.toBytes("f"), Bytes.toBytes("q"), 1,
        CellType.PUT, Bytes.toBytes("v"));
    byte[] b = Arrays.copyOf(kv.getBuffer(), kv.getLength());
    assertEquals("malformed cell at offset 0: cell needs 26 bytes but 25 remain",
        assertThrows(IllegalArgumentException.class,
            () -> KeyValue.decode(b, 0, b.length - 1)).getMessage());
    assertEquals("malformed cell at offset 0: only 7 bytes left for an 8-byte cell header",
        assertThrows(IllegalArgumentException.class, () -> KeyValue.decode(b, 0, 7)).getMessage());
    byte[] badType = b.clone();
    badType[8 + 14] = 5; // the type byte: last byte of the 15-byte key
    assertEquals("malformed cell at offset 0: unknown cell type code 5; known codes are 0, 4, 8, "
            + "10, 12, 14 and 255 (the data is corrupt or newer)",
        assertThrows(IllegalArgumentException.class,
            () -> KeyValue.decode(badType, 0, badType.length)).getMessage());
    byte[] badRow = b.clone();
    badRow[8] = 0x7F; // row length far beyond the key
    assertEquals("malformed cell at offset 0: row length 32513 exceeds key length 15",
        assertThrows(IllegalArgumentException.class,
            () -> KeyValue.decode(badRow, 0, badRow.length)).getMessage());
  }

  @Test
  void oversizedPartsAreRejected() {
    assertEquals("row is 32768 bytes; the limit is 32767 bytes: use a shorter row key",
        assertThrows(IllegalArgumentException.class, () -> KeyValue.of(new byte[32768],
            Bytes.toBytes("f"), Bytes.EMPTY, 1, CellType.PUT, Bytes.EMPTY)).getMessage());
    assertEquals("family is 256 bytes; the limit is 255 bytes",
        assertThrows(IllegalArgumentException.class, () -> KeyValue.of(Bytes.toBytes("r"),
            new byte[256], Bytes.EMPTY, 1, CellType.PUT, Bytes.EMPTY)).getMessage());
  }
}
