package io.strata.server.blockfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.ArraysCell;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.CorruptFileException;
import io.strata.common.util.Bytes;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32C;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlockFileErrorsTest {
  @TempDir
  java.nio.file.Path tmp;

  private java.nio.file.Path writeSample(BlockFileOptions options) throws Exception {
    java.nio.file.Path file = tmp.resolve("sample");
    try (BlockFileWriter w = BlockFileWriter.create(TestCells.localFs(),
        new Path(file.toUri()), options)) {
      for (KeyValue kv : TestCells.random(new Random(9), 200)) {
        w.append(kv);
      }
    }
    return file;
  }

  private static Path hadoop(java.nio.file.Path p) {
    return new Path(p.toUri());
  }

  private static void readAll(java.nio.file.Path file) throws Exception {
    try (BlockFileReader r = BlockFileReader.open(TestCells.localFs(), hadoop(file))) {
      BlockFileScanner s = r.scanner();
      s.seekToFirst();
      while (s.next() != null) {
        // reading every block verifies every checksum
      }
      // A row after every other reads the last (here the only) bloom chunk.
      r.mightContainRow(Bytes.toBytes("row-99999999"));
    }
  }

  @Test
  void aFlippedByteInADataBlockIsACorruptFileErrorWithBothChecksums() throws Exception {
    java.nio.file.Path file = writeSample(BlockFileOptions.defaults().withBlockSize(1024));
    byte[] bytes = Files.readAllBytes(file);
    int blockSize = Bytes.toInt(bytes, 4) + BlockFormat.BLOCK_OVERHEAD;
    int stored = Bytes.toInt(bytes, blockSize - 4);
    bytes[100] ^= 0x01; // inside the payload of the first data block
    Files.write(file, bytes);
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, blockSize - 4);
    CorruptFileException e = assertThrows(CorruptFileException.class, () -> readAll(file));
    assertEquals("corrupt file " + hadoop(file) + ": " + String.format(
        "checksum mismatch in block at offset 0: stored 0x%08x, computed 0x%08x", stored,
        (int) crc.getValue()) + "; keep the file for inspection and restore its data from the "
        + "WAL, a replica or a backup", e.getMessage());
    assertEquals(hadoop(file).toString(), e.file());
    assertFalse(e.isRetryable());
  }

  @Test
  void everySingleByteFlipIsDetected() throws Exception {
    java.nio.file.Path file = writeSample(BlockFileOptions.defaults().withBlockSize(512));
    byte[] original = Files.readAllBytes(file);
    Random rnd = new Random(11);
    for (int i = 0; i < 200; i++) {
      byte[] bytes = original.clone();
      int pos = rnd.nextInt(bytes.length);
      bytes[pos] ^= (byte) (1 << rnd.nextInt(8));
      Files.write(file, bytes);
      // Either a corrupt file error or identical data: never wrong data.
      assertThrows(CorruptFileException.class, () -> readAll(file), "flip at " + pos);
    }
  }

  @Test
  void truncatedAndForeignFilesAreRejected() throws Exception {
    java.nio.file.Path file = writeSample(BlockFileOptions.defaults());
    byte[] bytes = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(bytes, bytes.length - 10));
    assertEquals("corrupt file " + hadoop(file) + ": no block file trailer magic at the end of "
        + "the file (not a Strata block file, or truncated); keep the file for inspection and "
        + "restore its data from the WAL, a replica or a backup",
        assertThrows(CorruptFileException.class, () -> readAll(file)).getMessage());
    Files.write(file, new byte[10]);
    assertTrue(assertThrows(CorruptFileException.class, () -> readAll(file)).getMessage()
        .contains("the file is 10 bytes, shorter than the 72-byte trailer"));
  }

  @Test
  void cellsOutOfOrderAreRefused() throws Exception {
    Path path = hadoop(tmp.resolve("unordered"));
    KeyValue b = KeyValue.of(Bytes.toBytes("b"), Bytes.toBytes("f"), Bytes.toBytes("q"), 1,
        CellType.PUT, Bytes.toBytes("v"));
    KeyValue a = KeyValue.of(Bytes.toBytes("a"), Bytes.toBytes("f"), Bytes.toBytes("q"), 1,
        CellType.PUT, Bytes.toBytes("v"));
    try (BlockFileWriter w = BlockFileWriter.create(TestCells.localFs(), path,
        BlockFileOptions.defaults())) {
      w.append(b);
      assertEquals("cells must be appended to " + path + " in strictly ascending order: "
          + "a/f:q/1/PUT/vlen=1 came after the key b/f:q/1/PUT",
          assertThrows(IllegalArgumentException.class, () -> w.append(a)).getMessage());
      assertThrows(IllegalArgumentException.class, () -> w.append(b));
    }
    try (BlockFileReader r = BlockFileReader.open(TestCells.localFs(), path)) {
      assertEquals(1, r.cellCount());
    }
  }

  /**
   * Of cells of one key only the first is written, whatever their values and whatever kind of
   * cell brings them; an earlier key is refused as append refuses it, the file left intact.
   */
  @Test
  void appendIfNewKeyKeepsTheFirstCellOfAKey() throws Exception {
    Path path = hadoop(tmp.resolve("deduplicated"));
    List<KeyValue> cells = TestCells.random(new Random(24), 300); // ascending, distinct keys
    Random rnd = new Random(25);
    List<KeyValue> expected = new ArrayList<>();
    try (BlockFileWriter w = BlockFileWriter.create(TestCells.localFs(), path,
        BlockFileOptions.defaults().withBlockSize(1024))) {
      for (KeyValue kv : cells) {
        assertTrue(w.appendIfNewKey(kv));
        expected.add(kv);
        for (int older = rnd.nextInt(3); older > 0; older--) {
          KeyValue again = KeyValue.copyOf(kv, kv.getTimestamp(), List.of()); // same key
          Cell form = rnd.nextBoolean() ? again
              : new ArraysCell(part(kv.getRowArray(), kv.getRowOffset(), kv.getRowLength()),
                  part(kv.getFamilyArray(), kv.getFamilyOffset(), kv.getFamilyLength()),
                  part(kv.getQualifierArray(), kv.getQualifierOffset(),
                      kv.getQualifierLength()),
                  kv.getTimestamp(), kv.getType(), Bytes.toBytes("older " + older));
          assertFalse(w.appendIfNewKey(form));
        }
      }
      KeyValue first = cells.get(0);
      assertEquals("cells must be appended to " + path + " in strictly ascending order: "
          + first + " came after the key "
          + cells.get(cells.size() - 1).toString().replaceAll("/vlen=\\d+$", ""),
          assertThrows(IllegalArgumentException.class, () -> w.appendIfNewKey(first))
              .getMessage());
    }
    try (BlockFileReader r = BlockFileReader.open(TestCells.localFs(), path)) {
      BlockFileScanner s = r.scanner();
      s.seekToFirst();
      List<String> read = new ArrayList<>();
      Cell c;
      while ((c = s.next()) != null) {
        read.add(TestCells.describe(c));
      }
      List<String> want = new ArrayList<>();
      for (KeyValue kv : expected) {
        want.add(TestCells.describe(kv));
      }
      assertEquals(want, read);
    }
  }

  private static byte[] part(byte[] array, int offset, int length) {
    return java.util.Arrays.copyOfRange(array, offset, offset + length);
  }

  @Test
  void abortRemovesThePartialFile() throws Exception {
    Path path = hadoop(tmp.resolve("aborted"));
    BlockFileWriter w = BlockFileWriter.create(TestCells.localFs(), path,
        BlockFileOptions.defaults());
    for (KeyValue kv : TestCells.random(new Random(2), 10)) {
      w.append(kv);
    }
    w.abort();
    assertFalse(Files.exists(tmp.resolve("aborted")));
  }

  @Test
  void blockFilesAreWrittenOnce() throws Exception {
    java.nio.file.Path file = writeSample(BlockFileOptions.defaults());
    assertThrows(org.apache.hadoop.fs.FileAlreadyExistsException.class,
        () -> BlockFileWriter.create(TestCells.localFs(), hadoop(file),
            BlockFileOptions.defaults()));
    assertEquals(List.of("sample"), List.of(tmp.toFile().list()));
  }
}
