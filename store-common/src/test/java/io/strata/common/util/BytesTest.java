package io.strata.common.util;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
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
}
