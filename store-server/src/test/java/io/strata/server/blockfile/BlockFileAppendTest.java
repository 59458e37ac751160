package io.strata.server.blockfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.KeyValue;
import io.strata.common.error.CorruptFileException;
import io.strata.common.schema.BloomType;
import io.strata.common.schema.Compression;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.Bytes;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link BlockFileWriter#appendFile}: a file made of other files' blocks reads as their cells. */
class BlockFileAppendTest {
  @TempDir
  java.nio.file.Path tmp;

  private static final BloomType[] BLOOMS = {BloomType.NONE, BloomType.ROW, BloomType.ROWCOL};

  private Path write(List<KeyValue> cells, BlockFileOptions options) throws Exception {
    Path path = new Path(tmp.toUri().toString(), "f-" + System.nanoTime());
    try (BlockFileWriter w = BlockFileWriter.create(TestCells.localFs(), path, options)) {
      for (KeyValue kv : cells) {
        w.append(kv);
      }
      w.setMaxSequenceId(cells.size());
    }
    return path;
  }

  private Path concatenate(List<Path> parts, BlockFileOptions options, long[] paced)
      throws Exception {
    FileSystem fs = TestCells.localFs();
    Path path = new Path(tmp.toUri().toString(), "joined-" + System.nanoTime());
    try (BlockFileWriter w = BlockFileWriter.create(fs, path, options)) {
      for (Path p : parts) {
        try (BlockFileReader r = BlockFileReader.open(fs, p)) {
          assertTrue(w.canAppendFile(r));
          w.appendFile(r, bytes -> paced[0] += bytes);
        }
      }
      w.setMaxSequenceId(7);
    }
    return path;
  }

  /**
   * Cuts sorted cells into {@code parts} runs of at least 60 cells at random places: enough
   * for several blocks each, so their blocks average more than half the block size.
   */
  private static List<List<KeyValue>> cut(List<KeyValue> cells, int parts, Random rnd) {
    List<Integer> cuts = new ArrayList<>();
    while (cuts.size() < parts - 1) {
      int at = 60 + rnd.nextInt(cells.size() - 120);
      boolean apart = true;
      for (int c : cuts) {
        apart &= Math.abs(c - at) >= 60;
      }
      if (apart) {
        cuts.add(at);
      }
    }
    Collections.sort(cuts);
    List<List<KeyValue>> out = new ArrayList<>();
    int from = 0;
    for (int at : cuts) {
      out.add(cells.subList(from, at));
      from = at;
    }
    out.add(cells.subList(from, cells.size()));
    return out;
  }

  @Test
  void filesJoinedByCopyingBlocksReadAsTheirCellsInEveryLayout() throws Exception {
    FileSystem fs = TestCells.localFs();
    for (int seed = 0; seed < 24; seed++) {
      Random rnd = new Random(seed);
      Compression c = Compression.values()[seed % Compression.values().length];
      DataBlockEncoding e = DataBlockEncoding.values()[rnd.nextInt(
          DataBlockEncoding.values().length)];
      BloomType bloom = BLOOMS[seed % BLOOMS.length];
      // Small blocks, index blocks and bloom chunks: many of each, a multi-level index.
      BlockFileOptions options = BlockFileOptions.defaults().withCompression(c).withEncoding(e)
          .withBlockSize(512 + rnd.nextInt(2048)).withIndexBlockSize(256)
          .withBloom(bloom, 0.01).withBloomChunkBytes(128);
      List<KeyValue> cells = TestCells.random(rnd, 400 + rnd.nextInt(400));
      List<Path> parts = new ArrayList<>();
      long partBytes = 0;
      for (List<KeyValue> part : cut(cells, 1 + rnd.nextInt(5), rnd)) {
        Path p = write(part, options);
        parts.add(p);
        try (BlockFileReader r = BlockFileReader.open(fs, p)) {
          partBytes += r.dataEnd();
        }
      }
      long[] paced = {0};
      Path joined = concatenate(parts, options, paced);
      String what = "seed " + seed + ", " + c + ", " + e + ", " + bloom + ", " + parts.size()
          + " parts";
      assertEquals(partBytes, paced[0], what);
      try (BlockFileReader r = BlockFileReader.open(fs, joined)) {
        assertEquals(cells.size(), r.cellCount(), what);
        assertEquals(7, r.maxSequenceId(), what);
        assertEquals(partBytes, r.dataEnd(), what);
        assertEquals(0, CellComparator.INSTANCE.compare(cells.get(0), r.firstKey()), what);
        assertEquals(0, CellComparator.INSTANCE.compare(cells.get(cells.size() - 1),
            r.lastKey()), what);
        long minTs = Long.MAX_VALUE;
        long maxTs = Long.MIN_VALUE;
        for (KeyValue kv : cells) {
          minTs = Math.min(minTs, kv.getTimestamp());
          maxTs = Math.max(maxTs, kv.getTimestamp());
        }
        assertEquals(minTs, r.minTimestamp(), what);
        assertEquals(maxTs, r.maxTimestamp(), what);

        BlockFileScanner s = r.scanner();
        assertTrue(s.seekToFirst(), what);
        for (KeyValue expected : cells) {
          assertEquals(TestCells.describe(expected), TestCells.describe(s.next()), what);
        }
        assertNull(s.next(), what);
        for (int i = 0; i < 200; i++) {
          KeyValue probe = i % 2 == 0 ? cells.get(rnd.nextInt(cells.size()))
              : CellKeys.firstOnRow(Bytes.toBytes(String.format("row-%08d", rnd.nextInt(8000))));
          int at = Collections.binarySearch(cells, probe, CellComparator.INSTANCE);
          int expected = at >= 0 ? at : -at - 1;
          assertEquals(expected < cells.size(), s.seek(probe), what + ", seek " + probe);
          for (int k = expected; k < Math.min(cells.size(), expected + 5); k++) {
            assertEquals(TestCells.describe(cells.get(k)), TestCells.describe(s.next()),
                what + ", after seek " + probe);
          }
        }
        for (KeyValue kv : cells) {
          byte[] row = Bytes.copy(kv.getRowArray(), kv.getRowOffset(), kv.getRowLength());
          byte[] family = Bytes.copy(kv.getFamilyArray(), kv.getFamilyOffset(),
              kv.getFamilyLength());
          byte[] qualifier = Bytes.copy(kv.getQualifierArray(), kv.getQualifierOffset(),
              kv.getQualifierLength());
          if (bloom == BloomType.ROW) {
            assertTrue(r.mightContainRow(row), what + ", row " + Bytes.toString(row));
          } else if (bloom == BloomType.ROWCOL) {
            assertTrue(r.mightContainColumn(row, family, qualifier),
                what + ", column " + kv);
          }
        }
        // The file info a merge (every cell appended) would write, but for block counts.
        try (BlockFileReader merged = BlockFileReader.open(fs, write(cells, options))) {
          assertEquals(merged.fileInfo().getBloomKeyCount(), r.fileInfo().getBloomKeyCount(),
              what);
          assertEquals(merged.fileInfo().getFirstKey(), r.fileInfo().getFirstKey(), what);
          assertEquals(merged.fileInfo().getLastKey(), r.fileInfo().getLastKey(), what);
          assertEquals(merged.cellCount(), r.cellCount(), what);
        }
      }
    }
  }

  @Test
  void cellsAppendedAroundACopiedFileKeepTheirOrder() throws Exception {
    FileSystem fs = TestCells.localFs();
    List<KeyValue> cells = TestCells.random(new Random(77), 600);
    BlockFileOptions options = BlockFileOptions.defaults().withBlockSize(1024)
        .withBloom(BloomType.ROW, 0.01).withBloomChunkBytes(128);
    int a = cells.size() / 3;
    int b = 2 * cells.size() / 3;
    Path middle = write(cells.subList(a, b), options);
    Path joined = new Path(tmp.toUri().toString(), "joined");
    try (BlockFileWriter w = BlockFileWriter.create(fs, joined, options);
        BlockFileReader r = BlockFileReader.open(fs, middle)) {
      for (KeyValue kv : cells.subList(0, a)) {
        w.append(kv);
      }
      w.appendFile(r, bytes -> { });
      for (KeyValue kv : cells.subList(b, cells.size())) {
        w.append(kv);
      }
    }
    try (BlockFileReader r = BlockFileReader.open(fs, joined)) {
      assertEquals(cells.size(), r.cellCount());
      BlockFileScanner s = r.scanner();
      assertTrue(s.seekToFirst());
      for (KeyValue expected : cells) {
        assertEquals(TestCells.describe(expected), TestCells.describe(s.next()));
        assertTrue(r.mightContainRow(Bytes.copy(expected.getRowArray(),
            expected.getRowOffset(), expected.getRowLength())));
      }
      assertNull(s.next());
    }
  }

  @Test
  void aFileThatDoesNotSortAfterTheLastCellIsRefused() throws Exception {
    FileSystem fs = TestCells.localFs();
    List<KeyValue> cells = TestCells.random(new Random(3), 200);
    BlockFileOptions options = BlockFileOptions.defaults().withBlockSize(1024);
    Path first = write(cells.subList(0, 150), options);
    Path overlapping = write(cells.subList(100, 200), options);
    Path joined = new Path(tmp.toUri().toString(), "joined");
    try (BlockFileWriter w = BlockFileWriter.create(fs, joined, options);
        BlockFileReader r1 = BlockFileReader.open(fs, first);
        BlockFileReader r2 = BlockFileReader.open(fs, overlapping)) {
      w.appendFile(r1, bytes -> { });
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> w.appendFile(r2, bytes -> { }));
      assertTrue(e.getMessage().contains("must sort after the last cell"), e.getMessage());
      w.abort();
    }
    assertFalse(fs.exists(joined));
  }

  @Test
  void aFileStoredDifferentlyOrEmptyCannotBeAppended() throws Exception {
    FileSystem fs = TestCells.localFs();
    List<KeyValue> cells = TestCells.random(new Random(4), 100);
    BlockFileOptions options = BlockFileOptions.defaults().withBloom(BloomType.ROW, 0.01);
    Path[] others = {
        write(cells, options.withCompression(Compression.GZ)),
        write(cells, options.withEncoding(DataBlockEncoding.PREFIX)),
        write(cells, options.withBloom(BloomType.ROWCOL, 0.01)),
        write(cells, options.withBloom(BloomType.ROW, 0.05)),
        write(List.of(), options),
        // Blocks of a quarter of the size: copied, they would stay that small.
        write(cells, options.withBlockSize(options.blockSize() / 4))};
    Path same = write(cells, options);
    Path joined = new Path(tmp.toUri().toString(), "joined");
    try (BlockFileWriter w = BlockFileWriter.create(fs, joined, options)) {
      for (Path p : others) {
        try (BlockFileReader r = BlockFileReader.open(fs, p)) {
          assertFalse(w.canAppendFile(r), p.toString());
          IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
              () -> w.appendFile(r, bytes -> { }));
          assertTrue(e.getMessage().contains("merge its cells instead"), e.getMessage());
        }
      }
      try (BlockFileReader r = BlockFileReader.open(fs, same)) {
        assertTrue(w.canAppendFile(r));
      }
      w.abort();
    }
  }

  @Test
  void aDamagedDataBlockStopsTheCopyNamingTheFileAndOffset() throws Exception {
    FileSystem fs = TestCells.localFs();
    List<KeyValue> cells = TestCells.random(new Random(9), 400);
    BlockFileOptions options = BlockFileOptions.defaults().withBlockSize(1024);
    Path source = write(cells, options);
    long blockOffset;
    try (BlockFileReader r = BlockFileReader.open(fs, source)) {
      blockOffset = r.dataBlocks().get(3).handle().offset();
    }
    try (RandomAccessFile f = new RandomAccessFile(new java.io.File(source.toUri()), "rw")) {
      f.seek(blockOffset + BlockFormat.HEADER_SIZE + 5);
      int b = f.read();
      f.seek(blockOffset + BlockFormat.HEADER_SIZE + 5);
      f.write(b ^ 0x40);
    }
    Path joined = new Path(tmp.toUri().toString(), "joined");
    try (BlockFileWriter w = BlockFileWriter.create(fs, joined, options);
        BlockFileReader r = BlockFileReader.open(fs, source)) {
      CorruptFileException e = assertThrows(CorruptFileException.class,
          () -> w.appendFile(r, bytes -> { }));
      assertTrue(e.getMessage().contains(source.toString()), e.getMessage());
      assertTrue(e.getMessage().contains("checksum mismatch in block at offset " + blockOffset),
          e.getMessage());
      w.abort();
    }
  }

  @Test
  void aPacerThatThrowsStopsTheCopy() throws Exception {
    FileSystem fs = TestCells.localFs();
    Path source = write(TestCells.random(new Random(11), 300), BlockFileOptions.defaults());
    Path joined = new Path(tmp.toUri().toString(), "joined");
    try (BlockFileWriter w = BlockFileWriter.create(fs, joined, BlockFileOptions.defaults());
        BlockFileReader r = BlockFileReader.open(fs, source)) {
      IOException e = assertThrows(IOException.class, () -> w.appendFile(r, bytes -> {
        throw new java.io.InterruptedIOException("stopped");
      }));
      assertEquals("stopped", e.getMessage());
      assertEquals(0, w.position());
      w.abort();
    }
    assertFalse(fs.exists(joined));
  }

  private static KeyValue cell(String row, io.strata.common.cell.CellType type,
      List<io.strata.common.cell.Tag> tags) {
    return KeyValue.of(Bytes.toBytes(row), Bytes.toBytes("f"), Bytes.toBytes("q"), 5, type,
        Bytes.toBytes("v"), tags);
  }

  /** {@code n} puts of rows {@code prefix}000, {@code prefix}001, ... */
  private static List<KeyValue> puts(String prefix, int n) {
    List<KeyValue> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(cell(String.format("%s%03d", prefix, i), io.strata.common.cell.CellType.PUT,
          List.of()));
    }
    return out;
  }

  /**
   * The file info counts delete markers and tagged cells, joined files add them up, and a file
   * that did not count them (format version 1 as first written: the golden files) leaves the
   * count of a file made from it unknown, which readers take as "there may be some".
   */
  @Test
  void markersAndTaggedCellsAreCountedAndUnknownCountsStayUnknown() throws Exception {
    FileSystem fs = TestCells.localFs();
    var put = io.strata.common.cell.CellType.PUT;
    BlockFileOptions options = BlockFileOptions.defaults().withBlockSize(512);
    Path plain = write(puts("x", 100), options);
    List<KeyValue> some = new ArrayList<>(puts("y", 100));
    some.set(10, cell("y010", io.strata.common.cell.CellType.DELETE_FAMILY, List.of()));
    some.set(20, cell("y020", put, List.of(io.strata.common.cell.Tag.ttl(1000))));
    some.set(30, cell("y030", io.strata.common.cell.CellType.DELETE, List.of()));
    Path marked = write(some, options);
    try (BlockFileReader r = BlockFileReader.open(fs, plain)) {
      assertEquals(0, r.fileInfo().getDeleteMarkerCount());
      assertEquals(0, r.fileInfo().getTaggedCellCount());
      assertFalse(r.mayHoldDeleteMarkers());
      assertFalse(r.mayHoldTaggedCells());
    }
    try (BlockFileReader r = BlockFileReader.open(fs, marked)) {
      assertEquals(2, r.fileInfo().getDeleteMarkerCount());
      assertEquals(1, r.fileInfo().getTaggedCellCount());
      assertTrue(r.mayHoldDeleteMarkers());
      assertTrue(r.mayHoldTaggedCells());
    }
    try (BlockFileReader r = BlockFileReader.open(fs, concatenate(List.of(plain, marked),
        options, new long[1]))) {
      assertEquals(2, r.fileInfo().getDeleteMarkerCount());
      assertEquals(1, r.fileInfo().getTaggedCellCount());
    }
    Path golden = new Path(getClass().getResource("/golden/blockfile/v1-NONE-NONE.sbf")
        .toURI());
    try (BlockFileReader r = BlockFileReader.open(fs, golden)) {
      assertFalse(r.fileInfo().hasDeleteMarkerCount());
      assertTrue(r.mayHoldDeleteMarkers());
      assertTrue(r.mayHoldTaggedCells());
    }
    // As the golden files were written, so that their blocks may be copied.
    BlockFileOptions goldenOptions = BlockFileOptions.defaults().withBlockSize(1024)
        .withIndexBlockSize(128).withBloom(BloomType.ROWCOL, 0.01);
    Path after = write(puts("x", 100), goldenOptions);
    try (BlockFileReader r = BlockFileReader.open(fs, concatenate(List.of(golden, after),
        goldenOptions, new long[1]))) {
      assertFalse(r.fileInfo().hasDeleteMarkerCount(), "unknown stays unknown");
      assertFalse(r.fileInfo().hasTaggedCellCount());
      assertTrue(r.mayHoldDeleteMarkers());
    }
  }
}
