package io.strata.server.wal;

import io.strata.server.fs.StorageFileSystems;
import io.strata.common.cell.CellKeys;
import io.strata.common.util.ByteOutput;
import io.strata.server.fs.RecycledFiles;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Splits a dead server's WAL files by region: each region's entries are written, in WAL format,
 * to one file per source WAL in the directory {@code outputDir} names for that region (its
 * {@code recovered.wals}), where the region replays them when it next opens (docs/formats/wal.md).
 * Output file names derive from the source file, so splitting the same WAL again rewrites the
 * same files: a split interrupted by a crash is simply run again.
 */
public final class WalSplitter {
  private WalSplitter() {}

  /**
   * Splits {@code wals}; entries of regions for which {@code outputDir} returns null (a table
   * dropped since) are skipped. Returns the number of entries written per region.
   */
  public static Map<String, Long> split(FileSystem fs, List<Path> wals, String server,
      Function<String, Path> outputDir) throws IOException {
    Map<String, Long> written = new HashMap<>();
    for (Path wal : wals) {
      if (fs.getFileStatus(wal).getLen() == 0) {
        continue; // created, then the server died before the header: nothing in it
      }
      Map<String, WalWriter> outputs = new HashMap<>();
      Map<String, Path> skipped = new HashMap<>();
      try (WalReader r = WalReader.open(fs, wal)) {
        WalEntry e;
        ByteOutput buf = new ByteOutput(64 * 1024);
        while ((e = r.next()) != null) {
          if (skipped.containsKey(e.region())) {
            continue;
          }
          WalWriter w = outputs.get(e.region());
          if (w == null) {
            Path dir = outputDir.apply(e.region());
            if (dir == null) {
              skipped.put(e.region(), wal);
              continue;
            }
            StorageFileSystems.mkdirs(fs, dir);
            Path out = new Path(dir, server + "." + wal.getName());
            fs.delete(out, false);
            w = WalWriter.create(fs, RecycledFiles.NONE, out, server, System.currentTimeMillis());
            outputs.put(e.region(), w);
          }
          WalEntry entry = e;
          buf.reset();
          WalFormat.writeEntry(buf, entry.region(), entry.sequenceId(), entry.writeTimeMillis(),
              entry.cells().size(), o -> entry.cells().forEach(c -> CellKeys.writeCell(c, o)));
          w.write(buf);
          written.merge(e.region(), 1L, Long::sum);
        }
      } finally {
        for (WalWriter w : outputs.values()) {
          w.hsync();
          w.close();
        }
      }
    }
    return written;
  }
}
