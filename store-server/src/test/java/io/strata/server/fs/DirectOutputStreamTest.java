package io.strata.server.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
  /** O_DIRECT in a file descriptor's flags (octal 040000 on x86 and arm64 Linux). */
  private static final int O_DIRECT_X86 = 040000;
  private static final int O_DIRECT_ARM = 0200000;

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
      int flags = openFlags(f.toPath());
      assertTrue((flags & O_DIRECT_X86) != 0 || (flags & O_DIRECT_ARM) != 0,
          "flags " + Integer.toOctalString(flags) + " of " + f + " lack O_DIRECT");
    }
  }

  /** The flags of this process's open descriptor of {@code file}, from /proc/self/fdinfo. */
  private static int openFlags(Path file) throws IOException {
    Path fds = Path.of("/proc/self/fd");
    assumeTrue(Files.isDirectory(fds), "needs Linux's /proc");
    try (var list = Files.list(fds)) {
      for (Path fd : list.toList()) {
        Path target;
        try {
          target = Files.readSymbolicLink(fd);
        } catch (IOException e) {
          continue; // closed meanwhile
        }
        if (target.equals(file.toAbsolutePath())) {
          for (String line : Files.readAllLines(Path.of("/proc/self/fdinfo")
              .resolve(fd.getFileName()))) {
            if (line.startsWith("flags:")) {
              return Integer.parseInt(line.substring(6).trim(), 8);
            }
          }
        }
      }
    }
    throw new AssertionError(file + " is not open in this process");
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
}
