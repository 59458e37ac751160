package io.strata.server.blockfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.Cell;
import io.strata.common.cell.CellComparator;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.KeyValue;
import io.strata.common.schema.BloomType;
import io.strata.common.schema.Compression;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.Bytes;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class BlockFileRoundTripTest {
  @TempDir
  java.nio.file.Path tmp;

  static Stream<Arguments> everyCompressionAndEncoding() {
    List<Arguments> all = new ArrayList<>();
    for (Compression c : Compression.values()) {
      for (DataBlockEncoding e : DataBlockEncoding.values()) {
        all.add(Arguments.of(c, e));
      }
    }
    return all.stream();
  }

  private Path write(List<KeyValue> cells, BlockFileOptions options) throws Exception {
    Path path = new Path(tmp.toUri().toString(), "f-" + System.nanoTime());
    try (BlockFileWriter w = BlockFileWriter.create(TestCells.localFs(), path, options)) {
      for (KeyValue kv : cells) {
        w.append(kv);
      }
      w.setMaxSequenceId(4242);
    }
    return path;
  }

  private static void assertSameCell(Cell expected, Cell actual) {
    assertEquals(TestCells.describe(expected), TestCells.describe(actual));
    assertEquals(KeyValue.copyOf(expected), KeyValue.copyOf(actual));
  }

  @ParameterizedTest
  @MethodSource("everyCompressionAndEncoding")
  void everyCellReadsBackAndSeeksLandOnTheNextCell(Compression c, DataBlockEncoding e)
      throws Exception {
    Random rnd = new Random(31L * c.ordinal() + e.ordinal());
    List<KeyValue> cells = TestCells.random(rnd, 600);
    // Small blocks and index blocks force many data blocks and a three-level index.
    BlockFileOptions options = BlockFileOptions.defaults().withCompression(c).withEncoding(e)
        .withBlockSize(2048).withIndexBlockSize(256);
    Path path = write(cells, options);
    FileSystem fs = TestCells.localFs();
    try (BlockFileReader r = BlockFileReader.open(fs, path)) {
      assertEquals(cells.size(), r.cellCount());
      assertEquals(4242, r.maxSequenceId());
      assertTrue(r.indexLevels() >= 3, "index levels " + r.indexLevels());
      assertEquals(c.name(), r.fileInfo().getCompression());
      assertEquals(e.name(), r.fileInfo().getDataBlockEncoding());
      assertEquals(KeyValue.ENCODING_VERSION, r.fileInfo().getKeyEncodingVersion());
      assertEquals(0, CellComparator.INSTANCE.compare(cells.get(0), r.firstKey()));
      assertEquals(0, CellComparator.INSTANCE.compare(cells.get(cells.size() - 1), r.lastKey()));

      BlockFileScanner s = r.scanner();
      assertTrue(s.seekToFirst());
      for (KeyValue expected : cells) {
        assertSameCell(expected, s.next());
      }
      assertNull(s.next());

      for (int i = 0; i < 400; i++) {
        KeyValue probe = i % 2 == 0 ? cells.get(rnd.nextInt(cells.size()))
            : CellKeys.firstOnRow(Bytes.toBytes(String.format("row-%08d", rnd.nextInt(7000))));
        int at = Collections.binarySearch(cells, probe, CellComparator.INSTANCE);
        int expectedIndex = at >= 0 ? at : -at - 1;
        boolean found = s.seek(probe);
        assertEquals(expectedIndex < cells.size(), found, "seek " + probe);
        if (found) {
          assertSameCell(cells.get(expectedIndex), s.peek());
          // Reading on from a seek continues in order across block boundaries.
          for (int k = expectedIndex; k < Math.min(cells.size(), expectedIndex + 40); k++) {
            assertSameCell(cells.get(k), s.next());
          }
        }
      }
      assertTrue(s.seek(CellKeys.firstOnRow(Bytes.EMPTY)));
      assertSameCell(cells.get(0), s.peek());
      assertFalse(s.seek(CellKeys.firstOnRow(Bytes.toBytes("zzz"))));
      assertNull(s.peek());
    }
  }

  @Test
  void emptyFileHasNoCells() throws Exception {
    Path path = write(List.of(), BlockFileOptions.defaults());
    try (BlockFileReader r = BlockFileReader.open(TestCells.localFs(), path)) {
      assertEquals(0, r.cellCount());
      assertNull(r.firstKey());
      assertFalse(r.scanner().seekToFirst());
      assertFalse(r.scanner().seek(CellKeys.firstOnRow(Bytes.toBytes("a"))));
      assertFalse(r.mightContainRow(Bytes.toBytes("a")));
    }
  }

  @Test
  void rowBloomAnswersForEveryWrittenRowAndRejectsMostOthers() throws Exception {
    List<KeyValue> cells = TestCells.random(new Random(5), 3000);
    // A small chunk size gives many bloom chunks, exercising the chunk index.
    Path path = write(cells, BlockFileOptions.defaults().withBloom(BloomType.ROW, 0.01)
        .withBloomChunkBytes(256));
    try (BlockFileReader r = BlockFileReader.open(TestCells.localFs(), path)) {
      java.util.Set<String> rows = new java.util.HashSet<>();
      for (KeyValue kv : cells) {
        byte[] row = Bytes.copy(kv.getRowArray(), kv.getRowOffset(), kv.getRowLength());
        rows.add(Bytes.toString(row));
        assertTrue(r.mightContainRow(row), Bytes.toString(row));
      }
      assertEquals(rows.size(), r.fileInfo().getBloomKeyCount());
      int falsePositives = 0;
      int probes = 0;
      for (int i = 0; i < 30000 && probes < 10000; i++) {
        String row = String.format("row-%08d", i);
        if (!rows.contains(row)) {
          probes++;
          falsePositives += r.mightContainRow(Bytes.toBytes(row)) ? 1 : 0;
        }
      }
      assertTrue(falsePositives < probes * 0.02, falsePositives + " false positives of " + probes);
      // Outside the key range of every chunk.
      assertFalse(r.mightContainRow(Bytes.toBytes("a")));
    }
  }

  @Test
  void rowColBloomAnswersPerColumn() throws Exception {
    List<KeyValue> cells = TestCells.random(new Random(6), 2000);
    Path path = write(cells, BlockFileOptions.defaults().withBloom(BloomType.ROWCOL, 0.01)
        .withBloomChunkBytes(512));
    try (BlockFileReader r = BlockFileReader.open(TestCells.localFs(), path)) {
      java.util.Set<String> columns = new java.util.HashSet<>();
      for (KeyValue kv : cells) {
        byte[] row = Bytes.copy(kv.getRowArray(), kv.getRowOffset(), kv.getRowLength());
        byte[] q = Bytes.copy(kv.getQualifierArray(), kv.getQualifierOffset(),
            kv.getQualifierLength());
        columns.add(Bytes.toString(row) + "/" + Bytes.toString(q));
        assertTrue(r.mightContainColumn(row, Bytes.toBytes("cf"), q));
        // A ROWCOL bloom cannot answer for a whole row, so it never rules one out.
        assertTrue(r.mightContainRow(row));
      }
      int falsePositives = 0;
      int probes = 0;
      for (KeyValue kv : cells) {
        byte[] row = Bytes.copy(kv.getRowArray(), kv.getRowOffset(), kv.getRowLength());
        String absent = "absent" + probes;
        if (!columns.contains(Bytes.toString(row) + "/" + absent)) {
          probes++;
          falsePositives += r.mightContainColumn(row, Bytes.toBytes("cf"), Bytes.toBytes(absent))
              ? 1 : 0;
        }
      }
      assertTrue(falsePositives < probes * 0.02, falsePositives + " false positives of " + probes);
    }
  }
}
