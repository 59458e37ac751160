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
    file = writeTen("wals");
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

  /** A WAL file of ten entries, rows row0 to row9, in directory {@code dirName}. */
  private java.nio.file.Path writeTen(String dirName) throws Exception {
    Path dir = new Path(tmp.toUri().toString(), dirName);
    try (Wal wal = new Wal(fs, dir, new Path(tmp.toUri().toString(), "old"), "s",
        new WalOptions(1 << 20, Duration.ofHours(1), 64, Duration.ofSeconds(1),
            Duration.ofSeconds(30)), 1, InstantSource.system())) {
      for (int i = 0; i < 10; i++) {
        wal.append("r", List.of(WalTest.cell("row" + i, "value" + i)), Durability.SYNC_WAL)
            .awaitDurable();
      }
    }
    return java.nio.file.Path.of(tmp.toString(), dirName, String.format("wal.%020d", 1));
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
    assertEquals("corrupt file " + hadoopPath() + ": WAL entry checksum mismatch with an entry "
        + "of this file at offset " + entryOffsets.get(4) + " after it; replay stops here "
        + "rather than skip data at offset " + third + "; keep the file for inspection and "
        + "restore its data from the WAL, a replica or a backup", e.getMessage());
  }

  @Test
  void aDamagedLengthInTheMiddleIsNotMistakenForATear() throws Exception {
    long fifth = entryOffsets.get(5);
    byte[] b = original.clone();
    b[(int) fifth + 1] = 0x7F; // the length grows beyond the file
    Files.write(file, b);
    assertEquals("corrupt file " + hadoopPath() + ": damaged WAL entry preamble with an entry of "
        + "this file at offset " + entryOffsets.get(6) + " after it; replay stops here rather "
        + "than skip data at offset " + fifth + "; keep the file for inspection and restore its "
        + "data from the WAL, a replica or a backup",
        assertThrows(CorruptFileException.class, this::readRows).getMessage());
  }

  @Test
  void theLastEntryDamagedAndAnEarlierEntryOfAnotherFileAfterItIsATornTail() throws Exception {
    // As a recycled file after a crash: its last entry torn, then what the file held before,
    // here the first entries of another WAL (another salt).
    byte[] other = Files.readAllBytes(writeTen("other"));
    long last = entryOffsets.get(9);
    byte[] b = Bytes.add(Arrays.copyOf(original, original.length - 5), other);
    Files.write(file, b);
    assertEquals(9, readRows().size());
    assertEquals(last, tornOffset());
  }

  @Test
  void entriesOfAnotherFileRightAtTheEndAreNotThisFilesOwn() throws Exception {
    // A recycled file whose earlier life had the same entry sizes: after this file's fifth
    // entry comes, exactly aligned, the other file's sixth, whole but sealed with its salt.
    byte[] other = Files.readAllBytes(writeTen("other"));
    assertEquals(original.length, other.length, "the two files are laid out alike");
    int fifthEnd = entryOffsets.get(5).intValue();
    byte[] b = other.clone();
    System.arraycopy(original, 0, b, 0, fifthEnd);
    Files.write(file, b);
    assertEquals(List.of("row0", "row1", "row2", "row3", "row4"), readRows());
    assertEquals(fifthEnd, tornOffset());
  }

  @Test
  void aFutureVersionIsRefusedNamingWhatToDo() throws Exception {
    byte[] b = original.clone();
    b[11] = 3;
    Files.write(file, b);
    assertEquals("corrupt file " + hadoopPath() + ": WAL format version 3; this Strata reads "
        + "versions 1 to 2 (a newer Strata wrote it: replay it with that version) at offset 8; "
        + "keep the file for inspection and restore its data from the WAL, a replica or a "
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
