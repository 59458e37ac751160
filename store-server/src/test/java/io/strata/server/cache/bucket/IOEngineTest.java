package io.strata.server.cache.bucket;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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
      assertArrayEquals(written[i], e.read(i * blockSize, written[i].length));
      if (e.sharesMemory()) {
        ByteBuffer view = e.view(i * blockSize, written[i].length);
        byte[] copy = new byte[view.remaining()];
        view.duplicate().get(copy);
        assertArrayEquals(written[i], copy);
        assertThrows(ReadOnlyBufferException.class, () -> view.put(0, (byte) 1));
      }
    }
    assertThrows(IllegalArgumentException.class, () -> e.read(e.capacity() - 1, 2));
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
      assertThrows(UnsupportedOperationException.class, () -> e.view(0, 10));
    }
  }
}
