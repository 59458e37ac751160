package io.strata.server.cache.bucket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ReadOnlyBufferException;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IOEngineTest {
  @TempDir
  java.nio.file.Path tmp;

  private static void roundTrips(IOEngine e, long blockSize) throws Exception {
    Random rnd = new Random(3);
    byte[][] written = new byte[(int) (e.capacity() / blockSize)][];
    for (int i = 0; i < written.length; i++) {
      written[i] = new byte[1 + rnd.nextInt((int) blockSize)];
      rnd.nextBytes(written[i]);
      ByteBuffer src = ByteBuffer.wrap(written[i]);
      e.write(src, i * blockSize);
      assertTrue(src.position() == 0, "write must not move the source");
    }
    for (int i = 0; i < written.length; i++) {
      ByteBuffer got = e.read(i * blockSize, written[i].length);
      assertArrayEquals(written[i], bytes(got));
      assertThrows(ReadOnlyBufferException.class, () -> got.put(0, (byte) 1));
    }
    // A shared buffer shows a later write in place; a copy keeps what was read.
    ByteBuffer before = e.read(0, 4);
    byte[] was = bytes(before);
    e.write(ByteBuffer.wrap(new byte[] {(byte) ~was[0], 9, 9, 9}), 0);
    assertEquals(e.sharesMemory(), !java.util.Arrays.equals(was, bytes(before)));
    assertThrows(IllegalArgumentException.class, () -> e.read(e.capacity() - 1, 2));
  }

  private static byte[] bytes(ByteBuffer b) {
    byte[] out = new byte[b.remaining()];
    b.duplicate().get(out);
    return out;
  }

  @Test
  void offHeapEngineStoresAndShowsBlocksInPlace() throws Exception {
    try (OffHeapEngine e = new OffHeapEngine(1 << 20, 256 * 1024)) {
      assertTrue(e.sharesMemory());
      roundTrips(e, 4096);
      assertThrows(IllegalArgumentException.class, () -> e.read(256 * 1024 - 10, 20),
          "a range may not cross a chunk");
    }
    assertThrows(IllegalArgumentException.class, () -> new OffHeapEngine(1000, 300));
  }

  @Test
  void fileEngineStoresBlocksInAFile() throws Exception {
    try (FileEngine e = new FileEngine(tmp.resolve("cache.bin"), 1 << 20)) {
      assertFalse(e.sharesMemory());
      roundTrips(e, 4096);
    }
  }
}
