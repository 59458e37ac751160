package io.strata.server.wal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.common.error.CorruptFileException;
import io.strata.common.schema.Durability;
import io.strata.common.util.Bytes;
import java.nio.file.Files;
import java.time.Duration;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Torn tails are tolerated; damage in the middle stops replay loudly. */
class WalReaderTest {
  @TempDir
  java.nio.file.Path tmp;

  private FileSystem fs;
  private java.nio.file.Path file;
  private List<Long> entryOffsets;
  private byte[] original;

  @BeforeEach
  void writeTenEntries() throws Exception {
    fs = FileSystem.getLocal(new Configuration()).getRaw();
    Path dir = new Path(tmp.toUri().toString(), "wals");
    try (Wal wal = new Wal(fs, dir, new Path(tmp.toUri().toString(), "old"), "s",
        new WalOptions(1 << 20, Duration.ofHours(1), 64, Duration.ofSeconds(1),
            Duration.ofSeconds(30)), 1, InstantSource.system())) {
      for (int i = 0; i < 10; i++) {
        wal.append("r", List.of(WalTest.cell("row" + i, "value" + i)), Durability.SYNC_WAL)
            .awaitDurable();
      }
    }
    file = java.nio.file.Path.of(tmp.toString(), "wals", String.format("wal.%020d", 1));
    original = Files.readAllBytes(file);
    entryOffsets = new ArrayList<>();
    try (WalReader r = WalReader.open(fs, hadoopPath())) {
      WalEntry e;
      while ((e = r.next()) != null) {
        entryOffsets.add(e.offset());
      }
    }
    assertEquals(10, entryOffsets.size());
  }

  private Path hadoopPath() {
    return new Path(file.toUri());
  }

  private List<String> readRows() throws Exception {
    List<String> rows = new ArrayList<>();
    try (WalReader r = WalReader.open(fs, hadoopPath())) {
      WalEntry e;
      while ((e = r.next()) != null) {
        rows.add(Bytes.toString(e.cells().get(0).getRowArray(), e.cells().get(0).getRowOffset(),
            e.cells().get(0).getRowLength()));
      }
    }
    return rows;
  }

  private long tornOffset() throws Exception {
    try (WalReader r = WalReader.open(fs, hadoopPath())) {
      while (r.next() != null) {
        // read to the end
      }
      return r.tornTailOffset();
    }
  }

  @Test
  void aTailTornAtAnyByteReplaysUpToTheTear() throws Exception {
    long lastStart = entryOffsets.get(9);
    for (long cut = lastStart; cut < original.length; cut++) {
      Files.write(file, Arrays.copyOf(original, (int) cut));
      assertEquals(9, readRows().size(), "cut at " + cut);
      assertEquals(cut == lastStart ? -1 : lastStart, tornOffset(), "cut at " + cut);
    }
  }

  @Test
  void aDamagedLastEntryIsATornTail() throws Exception {
    byte[] b = original.clone();
    b[b.length - 3] ^= 0x40;
    Files.write(file, b);
    assertEquals(9, readRows().size());
    assertEquals(entryOffsets.get(9), tornOffset());
  }

  @Test
  void aZeroFilledTailIsATornTail() throws Exception {
    Files.write(file, Bytes.add(original, new byte[100]));
    assertEquals(10, readRows().size());
    assertEquals(original.length, tornOffset());
  }

  @Test
  void damageInTheMiddleStopsReplayNamingFileAndOffset() throws Exception {
    long third = entryOffsets.get(3);
    byte[] b = original.clone();
    b[(int) third + 20] ^= 0x01; // inside the payload of the fourth entry
    Files.write(file, b);
    CorruptFileException e = assertThrows(CorruptFileException.class, this::readRows);
    assertEquals("corrupt file " + hadoopPath() + ": WAL entry checksum mismatch with "
        + (original.length - entryOffsets.get(4)) + " more bytes after it; replay stops here "
        + "rather than skip data at offset " + third + "; keep the file for inspection and "
        + "restore its data from the WAL, a replica or a backup", e.getMessage());
  }

  @Test
  void aDamagedLengthInTheMiddleIsNotMistakenForATear() throws Exception {
    long fifth = entryOffsets.get(5);
    byte[] b = original.clone();
    b[(int) fifth + 1] = 0x7F; // the length grows beyond the file
    Files.write(file, b);
    assertEquals("corrupt file " + hadoopPath() + ": damaged WAL entry length at offset " + fifth
        + "; keep the file for inspection and restore its data from the WAL, a replica or a "
        + "backup", assertThrows(CorruptFileException.class, this::readRows).getMessage());
  }

  @Test
  void notAWal() throws Exception {
    Files.write(file, Bytes.toBytes("definitely not a write-ahead log"));
    assertEquals("corrupt file " + hadoopPath() + ": no WAL magic (not a Strata WAL) at offset 0"
        + "; keep the file for inspection and restore its data from the WAL, a replica or a "
        + "backup", assertThrows(CorruptFileException.class, this::readRows).getMessage());
  }
}
