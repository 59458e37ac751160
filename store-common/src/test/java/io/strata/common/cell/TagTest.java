package io.strata.common.cell;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.util.Bytes;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TagTest {
  private static final byte[] R = Bytes.toBytes("r");
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");

  private static KeyValue put(long ts, List<Tag> tags) {
    return KeyValue.of(R, F, Q, ts, CellType.PUT, Bytes.toBytes("v"), tags);
  }

  @Test
  void ttlTagLayoutIsTheDocumentedOne() {
    KeyValue kv = put(7, List.of(Tag.ttl(0x0102)));
    byte[] tags = Arrays.copyOfRange(kv.getTagsArray(), kv.getTagsOffset(),
        kv.getTagsOffset() + kv.getTagsLength());
    // tag length 9 (type byte + 8-byte value), type 1, then the milliseconds big-endian.
    assertArrayEquals(new byte[] {0, 9, 1, 0, 0, 0, 0, 0, 0, 1, 2}, tags);
    assertEquals(0x0102, Tag.ttlMillis(kv));
    assertEquals(List.of(Tag.ttl(0x0102)), Tag.tagsOf(kv));
  }

  @Test
  void ttlIsFoundAmongOtherTagsInArraysAndBuffers() {
    KeyValue kv = put(7, List.of(new Tag(200, Bytes.toBytes("x")), Tag.ttl(5000),
        Tag.ttl(9)));
    assertEquals(5000, Tag.ttlMillis(kv), "the first TTL tag counts");
    ByteBuffer direct = ByteBuffer.allocateDirect(kv.getLength() + 3);
    direct.position(3);
    direct.put(kv.getBuffer(), kv.getOffset(), kv.getLength());
    BufferKeyValue bkv = BufferKeyValue.decode(direct, 3, direct.capacity());
    assertEquals(5000, Tag.ttlMillis(bkv));
    assertEquals(Tag.NO_TTL, Tag.ttlMillis(put(7, List.of())));
    assertEquals(Tag.NO_TTL, Tag.ttlMillis(put(7, List.of(new Tag(Tag.TTL_TYPE,
        new byte[3])))), "a TTL tag of the wrong size is ignored");
  }

  @Test
  void expiryIsTimestampPlusTtlBeforeNow() {
    KeyValue kv = put(1000, List.of(Tag.ttl(500)));
    assertFalse(Tag.isExpired(kv, 1499));
    assertFalse(Tag.isExpired(kv, 1500), "alive through its last millisecond");
    assertTrue(Tag.isExpired(kv, 1501));
    assertFalse(Tag.isExpired(put(1000, List.of()), Long.MAX_VALUE), "no tag: never");
    assertFalse(Tag.isExpired(put(Long.MAX_VALUE - 10, List.of(Tag.ttl(100))), Long.MAX_VALUE),
        "an overflowing expiry never comes");
  }

  @Test
  void withTtlReplacesOnlyTtlTags() {
    Tag other = new Tag(200, Bytes.toBytes("x"));
    assertEquals(List.of(other, Tag.ttl(7)), Tag.withTtl(List.of(Tag.ttl(1), other), 7));
    assertEquals(List.of(other), Tag.withTtl(List.of(Tag.ttl(1), other), Tag.NO_TTL));
    KeyValue retagged = KeyValue.copyOf(put(5, List.of(Tag.ttl(1))), 9,
        Tag.withTtl(List.of(), 60_000));
    assertEquals(9, retagged.getTimestamp());
    assertEquals(60_000, Tag.ttlMillis(retagged));
    assertEquals("v", Bytes.toString(retagged.getValueArray(), retagged.getValueOffset(),
        retagged.getValueLength()));
  }

  @Test
  void badTtls() {
    assertEquals("a cell TTL of 0 ms: give at least 1 ms",
        assertThrows(IllegalArgumentException.class, () -> Tag.ttl(0)).getMessage());
    assertThrows(IllegalArgumentException.class, () -> Tag.ttl(-1));
  }
}
