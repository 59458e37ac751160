package io.strata.server.master;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArchiveCleanerTest {
  private static final long MINUTE = 60_000;

  @TempDir
  java.nio.file.Path tmp;

  private FileSystem fs;
  private Path root;
  /** The cleaner's clock; file times are the real ones, taken at about its start. */
  private final AtomicLong now = new AtomicLong(System.currentTimeMillis() + 1_000);
  private ArchiveCleaner cleaner;

  @BeforeEach
  void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration()).getRaw();
    root = new Path(tmp.toUri().toString());
    InstantSource clock = () -> Instant.ofEpochMilli(now.get());
    cleaner = new ArchiveCleaner(fs, root, Duration.ofMinutes(10), Duration.ofMinutes(5),
        clock);
  }

  private Path file(String relative) throws IOException {
    Path p = new Path(root, relative);
    try (FSDataOutputStream out = fs.create(p, false)) {
      out.write(new byte[] {1, 2, 3});
    }
    return p;
  }

  @Test
  void filesGoOnceTheyHaveBeenArchivedForTheirTtl() throws IOException {
    Path wal = file("oldWALs/server1.wal.00000000000000000001");
    Path a = file("archive/data/default/t/r1/f/a");
    Path b = file("archive/data/default/t/r1/f/b");
    Path live = file("data/default/t/r2/f/c");
    assertEquals(0, cleaner.clean());
    now.addAndGet(5 * MINUTE - 2_000);
    assertEquals(0, cleaner.clean(), "the archived files are not five minutes old yet");
    now.addAndGet(2_000);
    assertEquals(2, cleaner.clean());
    assertFalse(fs.exists(a));
    assertFalse(fs.exists(b));
    assertTrue(fs.exists(wal), "a WAL file keeps its ten minutes");
    assertFalse(fs.exists(new Path(root, "archive/data")), "empty directories old enough go");
    assertTrue(fs.exists(new Path(root, "archive")));
    now.addAndGet(5 * MINUTE);
    assertEquals(1, cleaner.clean());
    assertFalse(fs.exists(wal));
    assertTrue(fs.exists(new Path(root, "oldWALs")));
    assertTrue(fs.exists(live), "nothing outside oldWALs and archive is touched");
  }

  @Test
  void aFileMovedIntoTheArchiveCountsFromWhenItWasFirstSeen() throws IOException {
    Path old = file("archive/data/default/t/r1/f/old");
    // Written an hour ago and moved into the archive just now: the move keeps its time.
    fs.setTimes(old, now.get() - 60 * MINUTE, -1);
    assertEquals(0, cleaner.clean(), "a scanner opened before the move may still read it");
    now.addAndGet(5 * MINUTE);
    assertEquals(1, cleaner.clean());
    assertFalse(fs.exists(old));
  }

  @Test
  void aNewEmptyDirectoryIsLeftForTheMoveAboutToFillIt() throws IOException {
    Path dir = new Path(root, "archive/data/default/t/r9/f");
    fs.mkdirs(dir);
    now.addAndGet(MINUTE);
    assertEquals(0, cleaner.clean());
    assertTrue(fs.exists(dir));
    now.addAndGet(5 * MINUTE);
    cleaner.clean();
    assertFalse(fs.exists(dir));
  }

  @Test
  void missingDirectoriesAreNothingToClean() throws IOException {
    assertEquals(0, cleaner.clean());
    fs.mkdirs(new Path(root, "oldWALs"));
    assertEquals(0, cleaner.clean());
  }
}
