package io.strata.server.blockfile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.schema.BloomType;
import io.strata.common.schema.Compression;
import io.strata.common.schema.DataBlockEncoding;
import io.strata.common.util.Bytes;
import java.net.URL;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Files written by format version 1, committed under src/test/resources/golden/blockfile, must
 * always read back exactly: a change that silently alters the format fails here. To add files
 * for a new version, run with {@code -Dstrata.regenerateGolden=true} and commit them; never
 * regenerate the files of an existing version.
 */
class GoldenBlockFileTest {
  /** The cells every golden file holds: fixed, not random, so they never drift. */
  static List<KeyValue> goldenCells() {
    List<KeyValue> cells = new ArrayList<>();
    for (int r = 0; r < 40; r++) {
      byte[] row = Bytes.toBytes(String.format("user%04d", r * 7));
      for (int q = 0; q < 3; q++) {
        byte[] qualifier = Bytes.toBytes("c" + q);
        for (int v = 0; v < 2; v++) {
          CellType type = (r + q + v) % 11 == 0 ? CellType.DELETE : CellType.PUT;
          byte[] value = Bytes.toBytes("value-" + r + "-" + q + "-" + v + "-\u00e9\u0000");
          List<Tag> tags = (r * q) % 5 == 1 ? List.of(new Tag(7, Bytes.toBytes("tag" + r)))
              : List.of();
          cells.add(KeyValue.of(row, Bytes.toBytes("d"), qualifier, 1_700_000_000_000L + 10 - v,
              type, value, tags));
        }
      }
    }
    return cells;
  }

  static List<Object[]> versions() {
    List<Object[]> all = new ArrayList<>();
    for (Compression c : Compression.values()) {
      for (DataBlockEncoding e : DataBlockEncoding.values()) {
        all.add(new Object[] {"v1-" + c + "-" + e + ".sbf", c, e});
      }
    }
    return all;
  }

  @ParameterizedTest
  @MethodSource("versions")
  void committedFilesStillRead(String name, Compression c, DataBlockEncoding e) throws Exception {
    if (Boolean.getBoolean("strata.regenerateGolden")) {
      java.nio.file.Path out = java.nio.file.Path.of(System.getProperty("strata.source.root"),
          "store-server/src/test/resources/golden/blockfile", name);
      Files.deleteIfExists(out);
      try (BlockFileWriter w = BlockFileWriter.create(TestCells.localFs(), new Path(out.toUri()),
          BlockFileOptions.defaults().withCompression(c).withEncoding(e).withBlockSize(1024)
              .withIndexBlockSize(128).withBloom(BloomType.ROWCOL, 0.01))) {
        for (KeyValue kv : goldenCells()) {
          w.append(kv);
        }
        w.setMaxSequenceId(77);
      }
    }
    URL url = getClass().getResource("/golden/blockfile/" + name);
    assertTrue(url != null, "missing golden file " + name);
    try (BlockFileReader r = BlockFileReader.open(TestCells.localFs(), new Path(url.toURI()))) {
      assertEquals(77, r.maxSequenceId());
      assertEquals(c.name(), r.fileInfo().getCompression());
      assertEquals(e.name(), r.fileInfo().getDataBlockEncoding());
      BlockFileScanner s = r.scanner();
      s.seekToFirst();
      for (KeyValue expected : goldenCells()) {
        assertEquals(expected, KeyValue.copyOf(s.next()));
      }
      assertNull(s.next());
      assertTrue(r.mightContainColumn(Bytes.toBytes("user0007"), Bytes.toBytes("d"),
          Bytes.toBytes("c2")));
    }
  }
}
