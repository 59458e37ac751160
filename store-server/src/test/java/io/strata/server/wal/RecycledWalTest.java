package io.strata.server.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import io.strata.server.fs.RecycledFiles;
import java.nio.file.Files;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A WAL whose flushed files go to the recycled files' pool and whose new files are written over
 * them: the pool takes the archived files, and a file read while its writer is still open (as
 * after a crash) yields exactly its own entries, not the older ones left after them.
 */
class RecycledWalTest {
  @TempDir
  java.nio.file.Path tmp;

  @Test
  void aNewFileWrittenOverARecycledOneReadsOnlyItsOwnEntries() throws Exception {
    FileSystem fs = FileSystem.getLocal(new Configuration()).getRaw();
    Path root = new Path(tmp.toUri().toString());
    RecycledFiles pool = RecycledFiles.in(fs, new Path(root, "archive"), 1L << 30);
    Path oldWals = new Path(root, "oldWALs");
    Wal wal = new Wal(fs, new Path(root, "wals/s"), oldWals, pool, "s",
        new WalOptions(8192, Duration.ofHours(1), 64, Duration.ofMillis(50),
            Duration.ofSeconds(30)), 1, InstantSource.system());
    java.nio.file.Path file;
    long torn;
    try {
      long last = 0;
      for (int i = 0; i < 200; i++) {
        WalTicket t = wal.append("r", List.of(WalTest.cell("old" + i, "x".repeat(100))),
            Durability.SYNC_WAL);
        t.awaitDurable();
        last = t.sequenceId();
      }
      int rolled = wal.liveFiles().size() - 1;
      assertTrue(rolled >= 3, rolled + " files rolled");
      wal.regionFlushed("r", last);
      assertEquals(1, wal.liveFiles().size());
      assertTrue(pool.pooledBytes() >= rolled * 8192L, "the flushed files are in the pool");
      assertTrue(!fs.exists(oldWals) || fs.listStatus(oldWals).length == 0,
          "none went to oldWALs");

      // The next file is written over the largest pooled one.
      long pooled = pool.pooledBytes();
      wal.roll();
      Path current = wal.liveFiles().get(wal.liveFiles().size() - 1);
      for (int i = 0; i < 3; i++) {
        wal.append("r", List.of(WalTest.cell("new" + i, "y")), Durability.SYNC_WAL)
            .awaitDurable();
      }
      assertTrue(pool.pooledBytes() < pooled, "a pooled file was taken");
      file = java.nio.file.Path.of(current.toUri());
      long onDisk = Files.size(file);
      assertTrue(onDisk >= 8192, "the file keeps its earlier bytes after the new entries: "
          + onDisk);

      List<String> rows = new ArrayList<>();
      try (WalReader r = WalReader.open(fs, current)) {
        for (WalEntry e = r.next(); e != null; e = r.next()) {
          rows.add(Bytes.toString(e.cells().get(0).getRowArray(),
              e.cells().get(0).getRowOffset(), e.cells().get(0).getRowLength()));
        }
        torn = r.tornTailOffset();
      }
      assertEquals(List.of("new0", "new1", "new2"), rows);
      assertTrue(torn > 0 && torn < onDisk, "the entries end at " + torn + " of " + onDisk);
    } finally {
      wal.close();
    }
    // Closed, the file is cut where its entries end.
    assertEquals(torn, Files.size(file));
    try (WalReader r = WalReader.open(fs, new Path(file.toUri()))) {
      int n = 0;
      while (r.next() != null) {
        n++;
      }
      assertEquals(3, n);
      assertEquals(-1, r.tornTailOffset());
    }
  }
}
