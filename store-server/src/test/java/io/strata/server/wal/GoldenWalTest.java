package io.strata.server.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.cell.CellType;
import io.strata.common.cell.KeyValue;
import io.strata.common.cell.Tag;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.net.URL;
import java.nio.file.Files;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A WAL written by each format version, committed under src/test/resources/golden/wal as
 * v{version}.wal, must always replay exactly. {@code -Dstrata.regenerateGolden=true} writes the
 * current version's file: only for a new format version.
 */
class GoldenWalTest {
  static List<List<KeyValue>> goldenEdits() {
    List<List<KeyValue>> edits = new ArrayList<>();
    for (int e = 0; e < 12; e++) {
      List<KeyValue> cells = new ArrayList<>();
      for (int c = 0; c <= e % 3; c++) {
        CellType type = e % 5 == 4 ? CellType.DELETE_COLUMN : CellType.PUT;
        cells.add(KeyValue.of(Bytes.toBytes("row-" + e), Bytes.toBytes(c % 2 == 0 ? "a" : "b"),
            Bytes.toBytes("q" + c), 1_700_000_000_000L + e, type,
            Bytes.toBytes("value \u00e9 " + e + "/" + c),
            e == 7 ? List.of(new Tag(3, Bytes.toBytes("t"))) : List.of()));
      }
      edits.add(cells);
    }
    return edits;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2})
  void theCommittedWalStillReplays(int version) throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    if (Boolean.getBoolean("strata.regenerateGolden")) {
      java.nio.file.Path dir = Files.createTempDirectory("golden-wal");
      try (Wal wal = new Wal(fs, new Path(dir.toUri()), new Path(dir.toUri().toString(), "old"),
          "golden,1,1", new WalOptions(1 << 20, Duration.ofHours(1), 64, Duration.ofSeconds(1),
              Duration.ofSeconds(30)), 500, InstantSource.fixed(java.time.Instant.ofEpochMilli(
                  1_700_000_000_000L)))) {
        int i = 0;
        for (List<KeyValue> edit : goldenEdits()) {
          wal.append("region-" + (i++ % 2), edit, Durability.SYNC_WAL).awaitDurable();
        }
      }
      Files.copy(dir.resolve(String.format("wal.%020d", 1)), java.nio.file.Path.of(
          System.getProperty("strata.source.root"), "store-server/src/test/resources/golden/wal",
          "v" + WalFormat.VERSION + ".wal"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }
    URL url = getClass().getResource("/golden/wal/v" + version + ".wal");
    assertTrue(url != null, "missing golden WAL v" + version + ".wal");
    try (WalReader r = WalReader.open(fs, new Path(url.toURI()))) {
      assertEquals("golden,1,1", r.header().getServer());
      assertEquals(1_700_000_000_000L, r.header().getCreatedMillis());
      int i = 0;
      for (List<KeyValue> edit : goldenEdits()) {
        WalEntry e = r.next();
        assertEquals("region-" + (i % 2), e.region());
        assertEquals(500 + i, e.sequenceId());
        assertEquals(1_700_000_000_000L, e.writeTimeMillis());
        assertEquals(edit, e.cells());
        i++;
      }
      assertNull(r.next());
      assertEquals(-1, r.tornTailOffset());
    }
  }
}
