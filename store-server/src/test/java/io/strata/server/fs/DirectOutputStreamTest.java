package io.strata.server.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectOutputStreamTest {
  @TempDir
  Path tmp;

  /**
   * Random pieces (single bytes, small arrays, arrays past the buffer), hflushes between them
   * checked against a reader, and the file at close equal to the model, for several seeds.
   */
  @Test
  void whatIsWrittenIsWhatTheFileHoldsAfterEveryFlushAndAtClose() throws IOException {
    for (long seed = 1; seed <= 12; seed++) {
      Random random = new Random(seed);
      File f = tmp.resolve("f" + seed).toFile();
      ByteArrayOutputStream model = new ByteArrayOutputStream();
      try (DirectOutputStream out = DirectOutputStream.create(f)) {
        int pieces = 20 + random.nextInt(60);
        for (int i = 0; i < pieces; i++) {
          int kind = random.nextInt(10);
          if (kind == 0) {
            int b = random.nextInt(256);
            out.write(b);
            model.write(b);
          } else if (kind == 1) {
            out.hflush();
            assertArrayEquals(model.toByteArray(), Files.readAllBytes(f.toPath()),
                "seed " + seed + ", after a flush at " + model.size());
          } else {
            int len = kind == 2 ? random.nextInt(3 * DirectOutputStream.BUFFER)
                : random.nextInt(20_000);
            byte[] b = new byte[len + 7];
            random.nextBytes(b);
            out.write(b, 7, len);
            model.write(b, 7, len);
          }
        }
      }
      assertArrayEquals(model.toByteArray(), Files.readAllBytes(f.toPath()), "seed " + seed);
    }
  }

  @Test
  void lengthsAroundTheBlockAndBufferSizesAreCutExactly() throws IOException {
    long block = Files.getFileStore(tmp).getBlockSize();
    int buffer = DirectOutputStream.BUFFER;
    for (long len : List.of(0L, 1L, block - 1, block, block + 1, (long) buffer - 1,
        (long) buffer, (long) buffer + 1, 2L * buffer + block)) {
      File f = tmp.resolve("len" + len).toFile();
      byte[] data = new byte[(int) len];
      new Random(len).nextBytes(data);
      try (DirectOutputStream out = DirectOutputStream.create(f)) {
        out.write(data);
        out.hsync();
        assertArrayEquals(data, Files.readAllBytes(f.toPath()), len + " bytes, synced");
      }
      assertArrayEquals(data, Files.readAllBytes(f.toPath()), len + " bytes, closed");
    }
  }

  @Test
  void theFileIsOpenedAroundThePageCache() throws IOException {
    File f = tmp.resolve("direct").toFile();
    try (DirectOutputStream out = DirectOutputStream.create(f)) {
      out.write(new byte[5000]);
      OpenFlags.assertDirect(f.toPath());
    }
  }

  @Test
  void anExistingFileIsNeitherOpenedNorChanged() throws IOException {
    Path p = tmp.resolve("there");
    Files.write(p, new byte[] {1, 2, 3});
    assertThrows(FileAlreadyExistsException.class, () -> DirectOutputStream.create(p.toFile()));
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(p));
  }

  @Test
  void aClosedStreamRefusesWritesAndClosesAgainQuietly() throws IOException {
    File f = tmp.resolve("closed").toFile();
    DirectOutputStream out = DirectOutputStream.create(f);
    out.write(new byte[] {9, 8});
    out.close();
    out.close();
    IOException e = assertThrows(IOException.class, () -> out.write(1));
    assertTrue(e.getMessage().contains("is closed"), e.getMessage());
    assertThrows(IOException.class, out::hflush);
    assertArrayEquals(new byte[] {9, 8}, Files.readAllBytes(f.toPath()));
  }

  @Test
  void aFlushWithNothingNewWritesNothing() throws IOException {
    File f = tmp.resolve("idle").toFile();
    try (DirectOutputStream out = DirectOutputStream.create(f)) {
      out.hflush();
      assertEquals(0, f.length());
      byte[] one = new byte[10];
      Arrays.fill(one, (byte) 4);
      out.write(one);
      out.hflush();
      out.hflush();
      assertArrayEquals(one, Files.readAllBytes(f.toPath()));
    }
  }

  /**
   * A failed write (here an interrupt, which closes the channel) fails every later write with
   * the first failure, and close only closes: nothing is retried into a file its writer abandons.
   */
  @Test
  void aFailedWriteFailsTheRestAndCloseOnlyCloses() throws IOException {
    File f = tmp.resolve("failing").toFile();
    DirectOutputStream out = DirectOutputStream.create(f);
    out.write(new byte[100]);
    Thread.currentThread().interrupt();
    try {
      assertThrows(java.nio.channels.ClosedByInterruptException.class,
          () -> out.write(new byte[DirectOutputStream.BUFFER]));
    } finally {
      Thread.interrupted();
    }
    IOException later = assertThrows(IOException.class, () -> out.write(7));
    assertTrue(later.getMessage().contains("an earlier write to " + f + " failed"),
        later.getMessage());
    assertThrows(IOException.class, out::hsync);
    out.close();
    assertEquals(0, f.length(), "nothing was written after the failure");
  }

  /** A flush after the buffer was written whole writes its new bytes, however many. */
  @Test
  void aFlushAfterAFullBufferWritesWhatCameAfterIt() throws IOException {
    File f = tmp.resolve("refilled").toFile();
    byte[] data = new byte[DirectOutputStream.BUFFER + 200];
    new Random(9).nextBytes(data);
    try (DirectOutputStream out = DirectOutputStream.create(f)) {
      out.write(data, 0, 100);
      out.hflush(); // 100 bytes kept in the buffer, which the file has
      out.write(data, 100, DirectOutputStream.BUFFER - 100); // the buffer full and written
      out.write(data, DirectOutputStream.BUFFER, 100); // as many new bytes as were kept
      out.hflush();
      assertArrayEquals(Arrays.copyOf(data, DirectOutputStream.BUFFER + 100),
          Files.readAllBytes(f.toPath()));
      out.write(data, DirectOutputStream.BUFFER + 100, 100);
    }
    assertArrayEquals(data, Files.readAllBytes(f.toPath()));
  }
}
