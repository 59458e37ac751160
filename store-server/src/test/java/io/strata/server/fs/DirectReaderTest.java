package io.strata.server.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectReaderTest {
  @TempDir
  Path tmp;

  private byte[] file(Path p, int length, long seed) throws IOException {
    byte[] data = new byte[length];
    new Random(seed).nextBytes(data);
    Files.write(p, data);
    return data;
  }

  /** Random ranges, in order and out of it, within a window and across windows. */
  @Test
  void everyRangeReadsAsTheFileHoldsIt() throws IOException {
    int length = 2 * DirectReader.WINDOW + 12_345; // not a whole number of blocks
    Path p = tmp.resolve("f");
    byte[] data = file(p, length, 1);
    Random random = new Random(2);
    try (DirectReader r = DirectReader.open(p.toFile())) {
      long position = 0;
      for (int i = 0; i < 300; i++) {
        if (random.nextInt(4) == 0) {
          position = random.nextInt(length); // a jump
        }
        int len = (int) Math.min(length - position, random.nextInt(3) == 0
            ? random.nextInt(DirectReader.WINDOW + 5_000) : random.nextInt(70_000));
        byte[] b = new byte[len + 3];
        r.readFully(position, b, 3, len);
        assertArrayEquals(Arrays.copyOfRange(data, (int) position, (int) position + len),
            Arrays.copyOfRange(b, 3, b.length), "at " + position + ", " + len + " bytes");
        position = position + len == length ? 0 : position + len;
      }
      byte[] all = new byte[length];
      r.readFully(0, all, 0, length);
      assertArrayEquals(data, all);
    }
  }

  @Test
  void aReadPastTheEndIsRefusedWithTheFilesEnd() throws IOException {
    Path p = tmp.resolve("short");
    byte[] data = file(p, 5_000, 3);
    try (DirectReader r = DirectReader.open(p.toFile())) {
      byte[] b = new byte[10];
      r.readFully(4_990, b, 0, 10);
      assertArrayEquals(Arrays.copyOfRange(data, 4_990, 5_000), b);
      EOFException e = assertThrows(EOFException.class, () -> r.readFully(4_995, b, 0, 10));
      assertTrue(e.getMessage().contains("ends at offset 5000"), e.getMessage());
      assertThrows(EOFException.class, () -> r.readFully(1L << 40, b, 0, 1));
      assertThrows(IndexOutOfBoundsException.class, () -> r.readFully(-1, b, 0, 1));
      assertThrows(IndexOutOfBoundsException.class, () -> r.readFully(0, b, 5, 6));
      r.readFully(0, b, 0, 10); // still reads after a refusal
      assertArrayEquals(Arrays.copyOf(data, 10), b);
    }
  }

  @Test
  void theFileIsOpenedAroundThePageCache() throws IOException {
    Path p = tmp.resolve("direct");
    file(p, 100, 4);
    try (DirectReader r = DirectReader.open(p.toFile())) {
      OpenFlags.assertDirect(p);
    }
  }

  @Test
  void aMissingFileIsNotMistakenForARefusal() {
    assertThrows(NoSuchFileException.class,
        () -> DirectReader.open(tmp.resolve("none").toFile()));
  }

  @Test
  void copiesReadAroundThePageCacheOnlyWhereBlockFilesAreWrittenSo() throws IOException {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    Path p = tmp.resolve("block");
    byte[] data = file(p, 9_000, 5);
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(p.toUri().toString());
    org.apache.hadoop.fs.Path archive =
        new org.apache.hadoop.fs.Path(tmp.toUri().toString(), "archive");
    try (DirectReader r = RecycledFiles.in(fs, archive, 1 << 20, true).openForCompaction(fs, file)) {
      byte[] b = new byte[9_000];
      r.readFully(0, b, 0, b.length);
      assertArrayEquals(data, b);
    }
    RecycledFiles direct = RecycledFiles.in(fs, archive, 1 << 20, true);
    assertNull(direct.openForCompaction(fs,
        new org.apache.hadoop.fs.Path(tmp.toUri().toString(), "gone")), "read as it is");
    try (DirectReader again = direct.openForCompaction(fs, file)) {
      assertTrue(again != null, "direct reads stay on after a missing file");
    }
    assertNull(RecycledFiles.in(fs, archive, 1 << 20).openForCompaction(fs, file));
    assertNull(RecycledFiles.NONE.openForCompaction(fs, file));
    assertNull(RecycledFiles.in(fs, archive, 1 << 20, true)
        .openForCompaction(new FaultInjectingFileSystem(fs), file));
  }

  /** A file of whole blocks, one smaller than the window, and an empty one. */
  @Test
  void filesOfWholeBlocksAndSmallFilesReadWhole() throws IOException {
    long block = Files.getFileStore(tmp).getBlockSize();
    for (long length : java.util.List.of(block, 3 * block, (long) DirectReader.WINDOW,
        DirectReader.WINDOW + block, 7L)) {
      Path p = tmp.resolve("whole" + length);
      byte[] data = file(p, (int) length, length);
      try (DirectReader r = DirectReader.open(p.toFile())) {
        byte[] b = new byte[(int) length];
        r.readFully(0, b, 0, b.length);
        assertArrayEquals(data, b, length + " bytes");
        assertThrows(EOFException.class, () -> r.readFully(length, new byte[1], 0, 1));
      }
    }
    Path empty = tmp.resolve("empty");
    Files.write(empty, new byte[0]);
    try (DirectReader r = DirectReader.open(empty.toFile())) {
      r.readFully(0, new byte[0], 0, 0);
      assertThrows(EOFException.class, () -> r.readFully(0, new byte[1], 0, 1));
    }
  }

  @Test
  void aClosedReaderRefusesReads() throws IOException {
    Path p = tmp.resolve("closed");
    file(p, 100, 6);
    DirectReader r = DirectReader.open(p.toFile());
    r.readFully(0, new byte[10], 0, 10); // the window holds the file
    r.close();
    IOException e = assertThrows(IOException.class, () -> r.readFully(0, new byte[10], 0, 10));
    assertTrue(e.getMessage().contains("is closed"), e.getMessage());
  }
}
