package io.strata.common.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class BytesTest {
  @Test
  void comparesBytesAsUnsigned() {
    assertTrue(Bytes.compare(new byte[] {0x7F}, new byte[] {(byte) 0x80}) < 0);
    assertTrue(Bytes.compare(new byte[] {(byte) 0xFF}, new byte[] {0x00}) > 0);
    assertTrue(Bytes.compare(Bytes.toBytes("a"), Bytes.toBytes("a\0")) < 0);
    assertTrue(Bytes.compare(Bytes.EMPTY, new byte[] {0}) < 0);
    assertEquals(0, Bytes.compare(Bytes.toBytes("abc"), Bytes.toBytes("abc")));
    assertEquals(0, Bytes.compare(Bytes.toBytes("xabcx"), 1, 3, Bytes.toBytes("abc"), 0, 3));
  }

  @Test
  void printsEscapedAndParsesBack() {
    byte[] row = {'r', 'o', 'w', 0x00, 0x01, (byte) 0xFF, '\\', ' ', '~'};
    assertEquals("row\\x00\\x01\\xFF\\x5C ~", Bytes.toStringBinary(row));
    assertArrayEquals(row, Bytes.toBytesBinary("row\\x00\\x01\\xff\\x5C ~"));
    assertArrayEquals(new byte[] {'r', 0, 1}, Bytes.toBytesBinary("r\\x00\\x01"));
  }

  @Test
  void keepsBackslashesThatAreNotEscapes() {
    assertArrayEquals(Bytes.toBytes("a\\b"), Bytes.toBytesBinary("a\\b"));
    assertArrayEquals(Bytes.toBytes("a\\x"), Bytes.toBytesBinary("a\\x"));
    assertArrayEquals(Bytes.toBytes("a\\xZZ"), Bytes.toBytesBinary("a\\xZZ"));
    assertArrayEquals(Bytes.toBytes("\\x1"), Bytes.toBytesBinary("\\x1"));
  }

  @Test
  void parsesNonAsciiAsUtf8() {
    assertArrayEquals(Bytes.toBytes("é€"), Bytes.toBytesBinary("é€"));
  }

  @Test
  void escapedFormRoundTripsRandomBytes() {
    Random rnd = new Random(42);
    for (int i = 0; i < 2000; i++) {
      byte[] b = new byte[rnd.nextInt(20)];
      rnd.nextBytes(b);
      String s = Bytes.toStringBinary(b);
      assertTrue(s.chars().allMatch(c -> c >= 0x20 && c <= 0x7E), s);
      assertArrayEquals(b, Bytes.toBytesBinary(s));
    }
  }

  @Test
  void convertsNumbersBigEndian() {
    assertArrayEquals(new byte[] {0, 0, 0, 0, 0, 0, 1, 2}, Bytes.toBytes(258L));
    assertEquals(-5L, Bytes.toLong(Bytes.toBytes(-5L)));
    assertEquals(Long.MIN_VALUE, Bytes.toLong(Bytes.toBytes(Long.MIN_VALUE)));
    assertEquals(0x01020304, Bytes.toInt(new byte[] {1, 2, 3, 4}));
    assertEquals((short) -2, Bytes.toShort(Bytes.toBytes((short) -2)));
    assertEquals(2.5, Bytes.toDouble(Bytes.toBytes(2.5)));
    assertTrue(Bytes.toBoolean(Bytes.toBytes(true)));
    assertFalse(Bytes.toBoolean(Bytes.toBytes(false)));
    assertEquals("héllo", Bytes.toString(Bytes.toBytes("héllo")));
  }

  @Test
  void shortArraysGiveClearErrors() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Bytes.toLong(new byte[3]));
    assertEquals("a long needs 8 bytes at offset 0, but the array holds 3 bytes", e.getMessage());
  }

  @Test
  void hexRoundTrips() {
    assertEquals("00ff10", Bytes.toHex(new byte[] {0, (byte) 0xFF, 0x10}));
    assertArrayEquals(new byte[] {0, (byte) 0xFF, 0x10}, Bytes.fromHex("00FF10"));
    assertEquals("hex string 'abc' has an odd number of digits",
        assertThrows(IllegalArgumentException.class, () -> Bytes.fromHex("abc")).getMessage());
    assertEquals("hex string 'zz' has a non-hex character at 0",
        assertThrows(IllegalArgumentException.class, () -> Bytes.fromHex("zz")).getMessage());
  }

  @Test
  void concatenatesAndTestsPrefixes() {
    assertArrayEquals(Bytes.toBytes("abcd"), Bytes.add(Bytes.toBytes("ab"), Bytes.EMPTY,
        Bytes.toBytes("cd")));
    assertTrue(Bytes.startsWith(Bytes.toBytes("abc"), Bytes.toBytes("ab")));
    assertFalse(Bytes.startsWith(Bytes.toBytes("a"), Bytes.toBytes("ab")));
  }

  private static byte[] b(String s) {
    return Bytes.toBytes(s);
  }

  private static String bad(org.junit.jupiter.api.function.Executable e) {
    return assertThrows(IllegalArgumentException.class, e).getMessage();
  }

  @Test
  void floatsBigDecimalsAndBuffers() {
    assertArrayEquals(new byte[] {0x40, 0x20, 0, 0}, Bytes.toBytes(2.5f));
    assertEquals(2.5f, Bytes.toFloat(Bytes.toBytes(2.5f)));
    assertEquals(-0.0f, Bytes.toFloat(Bytes.add(b("x"), Bytes.toBytes(-0.0f)), 1));
    assertEquals(Math.PI, Bytes.toDouble(Bytes.add(b("xy"), Bytes.toBytes(Math.PI)), 2));
    // Scale then unscaled two's complement: 12.34 is 1234 at scale 2.
    assertArrayEquals(new byte[] {0, 0, 0, 2, 0x04, (byte) 0xD2},
        Bytes.toBytes(new BigDecimal("12.34")));
    for (String v : List.of("0", "-1", "12.34", "-98765432109876543210.0001", "1E+10")) {
      assertEquals(new BigDecimal(v), Bytes.toBigDecimal(Bytes.toBytes(new BigDecimal(v))), v);
    }
    byte[] padded = Bytes.add(b("__"), Bytes.toBytes(new BigDecimal("-7.5")), b("__"));
    assertEquals(new BigDecimal("-7.5"), Bytes.toBigDecimal(padded, 2, padded.length - 4));
    assertEquals("a BigDecimal needs at least 5 bytes (a 4-byte scale and the unscaled value), "
        + "got 4", bad(() -> Bytes.toBigDecimal(new byte[4])));
    ByteBuffer buf = ByteBuffer.wrap(b("abcdef"));
    buf.position(2).limit(5);
    assertArrayEquals(b("abcde"), Bytes.toBytes(buf), "index 0 to the limit, as HBase");
    assertArrayEquals(b("cde"), Bytes.getBytes(buf), "position to limit");
    assertEquals(2, buf.position(), "the buffer is left as it was");
    assertEquals("abcde", Bytes.toStringBinary(buf));
    assertEquals("null", Bytes.toStringBinary((ByteBuffer) null));
    ByteBuffer direct = ByteBuffer.allocateDirect(3).put(new byte[] {1, 2, 3}).flip();
    assertArrayEquals(new byte[] {1, 2, 3}, Bytes.toBytes(direct));
  }

  @Test
  void conversionsWithAnExplicitLength() {
    byte[] b = Bytes.add(b("x"), Bytes.toBytes(-7L), Bytes.toBytes(9), Bytes.toBytes((short) 3));
    assertEquals(-7L, Bytes.toLong(b, 1, 8));
    assertEquals(9, Bytes.toInt(b, 9, 4));
    assertEquals(3, Bytes.toShort(b, 13, 2));
    assertEquals("a long is 8 bytes, not 4", bad(() -> Bytes.toLong(b, 1, 4)));
    assertEquals("an int is 4 bytes, not 8", bad(() -> Bytes.toInt(b, 1, 8)));
    assertEquals("a short is 2 bytes, not 3", bad(() -> Bytes.toShort(b, 1, 3)));
    assertEquals("an int needs 4 bytes at offset 13, but the array holds 15 bytes",
        bad(() -> Bytes.toInt(b, 13, 4)));
    assertEquals("a long: the input is null", bad(() -> Bytes.toLong(null)));
    assertEquals("a boolean is 1 byte, got 2 bytes", bad(() -> Bytes.toBoolean(new byte[2])));
    assertEquals("a float needs 4 bytes at offset 0, but the array holds 3 bytes",
        bad(() -> Bytes.toFloat(new byte[3])));
  }

  @Test
  void putsReturnTheNextOffset() {
    byte[] b = new byte[23];
    int p = Bytes.putLong(b, 0, 1L);
    p = Bytes.putInt(b, p, 2);
    p = Bytes.putShort(b, p, (short) 3);
    p = Bytes.putFloat(b, p, 1.5f);
    p = Bytes.putByte(b, p, (byte) 9);
    p = Bytes.putBytes(b, p, b("xyz"), 1, 2);
    assertEquals(21, p);
    assertEquals(1L, Bytes.toLong(b, 0));
    assertEquals(2, Bytes.toInt(b, 8));
    assertEquals(3, Bytes.toShort(b, 12));
    assertEquals(1.5f, Bytes.toFloat(b, 14));
    assertEquals(9, b[18]);
    assertEquals("yz", Bytes.toString(b, 19, 2));
    assertEquals("a double needs 8 bytes at offset 16, but the array holds 23 bytes",
        bad(() -> Bytes.putDouble(b, 16, 1.0)));
  }

  @Test
  void slicesAndPadding() {
    assertArrayEquals(b("ab"), Bytes.head(b("abc"), 2));
    assertArrayEquals(b("bc"), Bytes.tail(b("abc"), 2));
    assertArrayEquals(Bytes.EMPTY, Bytes.tail(b("abc"), 0));
    assertArrayEquals(b("abc"), Bytes.head(b("abc"), 3));
    assertEquals("head of 4 bytes of a 3-byte array; give a length from 0 to 3",
        bad(() -> Bytes.head(b("abc"), 4)));
    assertEquals("tail of -1 bytes of a 3-byte array; give a length from 0 to 3",
        bad(() -> Bytes.tail(b("abc"), -1)));
    assertArrayEquals(new byte[] {0, 0, 'a'}, Bytes.padHead(b("a"), 2));
    assertArrayEquals(new byte[] {'a', 0, 0}, Bytes.padTail(b("a"), 2));
    assertArrayEquals(b("a"), Bytes.padTail(b("a"), 0));
    assertEquals("padHead by -1 bytes; give a length >= 0", bad(() -> Bytes.padHead(b("a"), -1)));
    byte[] original = b("xyz");
    byte[] copy = Bytes.copy(original);
    assertArrayEquals(original, copy);
    assertNotSame(original, copy);
    assertNull(Bytes.copy(null));
    assertEquals(0, Bytes.len(null));
    assertEquals(3, Bytes.len(original));
    assertEquals("part 1 of 2 to add is null; pass Bytes.EMPTY for nothing",
        bad(() -> Bytes.add(b("a"), null)));
  }

  @Test
  void comparingHashingAndSearching() {
    assertEquals(0, Bytes.compareTo(b("abc"), b("abc")));
    assertTrue(Bytes.compareTo(new byte[] {1}, new byte[] {(byte) 0x80}) < 0);
    assertTrue(Bytes.compareTo(b("xb"), 1, 1, b("a"), 0, 1) > 0);
    assertTrue(Bytes.equals(null, null));
    assertFalse(Bytes.equals(b("a"), null));
    assertEquals(Arrays.hashCode(b("hello")), Bytes.hashCode(b("hello")));
    assertEquals(Arrays.hashCode(b("he")), Bytes.hashCode(b("hello"), 2));
    TreeMap<byte[], String> map = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    map.put(new byte[] {(byte) 0xFF}, "ff");
    map.put(new byte[] {0x01}, "01");
    assertEquals("01", map.firstEntry().getValue());
    assertTrue(Bytes.isSorted(List.of(b("a"), b("a"), b("b"), new byte[] {(byte) 0x80})));
    assertFalse(Bytes.isSorted(List.of(b("b"), b("a"))));
    assertTrue(Bytes.isSorted(List.of()));
    byte[][] sorted = {b("b"), b("d"), b("f")};
    assertEquals(1, Bytes.binarySearch(sorted, b("d")));
    assertEquals(-1, Bytes.binarySearch(sorted, b("a")));
    assertEquals(-3, Bytes.binarySearch(sorted, b("e")));
    assertEquals(-4, Bytes.binarySearch(sorted, b("g")));
    assertEquals(2, Bytes.binarySearch(sorted, b("xfx"), 1, 1));
    assertEquals("key bytes [2, 2 + 5) are outside the 3-byte array",
        bad(() -> Bytes.binarySearch(sorted, b("xfx"), 2, 5)));
    assertEquals(2, Bytes.indexOf(b("abcbc"), (byte) 'c'));
    assertEquals(1, Bytes.indexOf(b("abcbc"), b("bc")));
    assertEquals(-1, Bytes.indexOf(b("abc"), b("cd")));
    assertEquals(0, Bytes.indexOf(b("abc"), Bytes.EMPTY));
    assertTrue(Bytes.contains(b("abc"), (byte) 'b'));
    assertFalse(Bytes.contains(b("abc"), b("ac")));
  }

  @Test
  void incrementBytesIsSignedCounterArithmetic() {
    assertArrayEquals(Bytes.toBytes(6L), Bytes.incrementBytes(Bytes.toBytes(5L), 1));
    assertArrayEquals(Bytes.toBytes(-1L), Bytes.incrementBytes(Bytes.toBytes(1L), -2));
    assertArrayEquals(Bytes.toBytes(300L), Bytes.incrementBytes(new byte[] {1, 0}, 44),
        "a 2-byte 256 is widened to a long");
    assertArrayEquals(Bytes.toBytes(-2L), Bytes.incrementBytes(new byte[] {(byte) 0xFF}, -1),
        "a short negative value is sign-extended");
    assertArrayEquals(Bytes.toBytes(Long.MIN_VALUE),
        Bytes.incrementBytes(Bytes.toBytes(Long.MAX_VALUE), 1), "wraps as a long does");
    byte[] five = Bytes.toBytes(5L);
    Bytes.incrementBytes(five, 10);
    assertArrayEquals(Bytes.toBytes(5L), five, "the input is not changed");
    assertEquals("incrementBytes takes a counter of 1 to 8 bytes, got 9 bytes",
        bad(() -> Bytes.incrementBytes(new byte[9], 1)));
    assertEquals("incrementBytes takes a counter of 1 to 8 bytes, got 0 bytes",
        bad(() -> Bytes.incrementBytes(Bytes.EMPTY, 1)));
  }

  @Test
  void unsignedCopyAndIncrementCarries() {
    assertArrayEquals(new byte[] {1, 2, 4}, Bytes.unsignedCopyAndIncrement(new byte[] {1, 2, 3}));
    assertArrayEquals(new byte[] {1, 3, 0},
        Bytes.unsignedCopyAndIncrement(new byte[] {1, 2, (byte) 0xFF}));
    assertArrayEquals(new byte[] {1, 0, 0},
        Bytes.unsignedCopyAndIncrement(new byte[] {(byte) 0xFF, (byte) 0xFF}));
    assertArrayEquals(new byte[] {1}, Bytes.unsignedCopyAndIncrement(Bytes.EMPTY));
    byte[] in = {0x7F};
    assertArrayEquals(new byte[] {(byte) 0x80}, Bytes.unsignedCopyAndIncrement(in));
    assertArrayEquals(new byte[] {0x7F}, in, "a copy: the input is not changed");
    assertEquals("unsignedCopyAndIncrement: the input is null",
        bad(() -> Bytes.unsignedCopyAndIncrement(null)));
  }

  @Test
  void splitDividesARangeEvenly() {
    byte[][] keys = Bytes.split(new byte[] {0}, new byte[] {100}, 3);
    assertEquals(5, keys.length);
    assertArrayEquals(new byte[] {0}, keys[0]);
    assertArrayEquals(new byte[] {25}, keys[1]);
    assertArrayEquals(new byte[] {50}, keys[2]);
    assertArrayEquals(new byte[] {75}, keys[3]);
    assertArrayEquals(new byte[] {100}, keys[4]);
    // Inclusive counts the end too: 101 values in 4 parts of 25.
    assertArrayEquals(new byte[] {25}, Bytes.split(new byte[] {0}, new byte[] {100}, true, 3)[1]);
    // Unequal lengths compare padded; the bounds come back as given.
    byte[][] padded = Bytes.split(b("a"), b("az"), 1);
    assertArrayEquals(b("a"), padded[0]);
    assertArrayEquals(new byte[] {'a', 61}, padded[1]);
    assertArrayEquals(b("az"), padded[2]);
    // Too few values between: the keys grow a byte.
    byte[][] narrow = Bytes.split(new byte[] {1}, new byte[] {2}, 1);
    assertArrayEquals(new byte[] {1, (byte) 0x80}, narrow[1]);
    assertTrue(Bytes.isSorted(Arrays.asList(Bytes.split(b("aaa"), b("zzz"), 20))));
    assertEquals("split start 'b' does not sort before end 'a'; give start < end",
        bad(() -> Bytes.split(b("b"), b("a"), 1)));
    assertEquals("split start 'a' does not sort before end 'a\\x00'; give start < end",
        bad(() -> Bytes.split(b("a"), new byte[] {'a', 0}, 1)));
    assertEquals("split into 0 keys between the bounds; give at least 1",
        bad(() -> Bytes.split(b("a"), b("b"), 0)));
  }

  @Test
  void stringsAndHexEdgeCases() {
    assertEquals("a:b", Bytes.toString(b("a"), ":", b("b")));
    byte[][] arrays = Bytes.toByteArrays("x", "yz");
    assertArrayEquals(b("yz"), arrays[1]);
    assertEquals("fromHex: the input is null", bad(() -> Bytes.fromHex(null)));
    assertEquals("toHex: the input is null", bad(() -> Bytes.toHex(null)));
    assertEquals("toBytes(String): the input is null", bad(() -> Bytes.toBytes((String) null)));
    assertEquals("hex string '0g' has a non-hex character at 1", bad(() -> Bytes.fromHex("0g")));
    assertArrayEquals(Bytes.EMPTY, Bytes.fromHex(""));
    assertEquals(Bytes.SIZEOF_LONG, Bytes.toBytes(1L).length);
    assertEquals(Bytes.SIZEOF_FLOAT, Bytes.toBytes(1f).length);
  }
}
