package io.strata.server.region;

import io.strata.server.wal.WalSplitter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One WAL file of a dead server, split into the {@code recovered.wals} of every region it holds
 * edits of, where each region replays them when it next opens. Any process of the cluster may
 * do it (the master, or a live region server it hands the file to), and doing it again writes
 * the same files: the output names derive from the dead server and the source file.
 */
public final class DeadWalFile {
  private static final Logger LOG = LoggerFactory.getLogger(DeadWalFile.class);
  /** Suffix of a dead server's WAL directory once renamed for splitting (its fence). */
  public static final String SPLITTING = "-splitting";

  private DeadWalFile() {}

  /**
   * Checks that {@code wal} is a file in a dead server's renamed WAL directory under
   * {@code root}: the only files a split may read.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  public static void checkSplittable(Path root, Path wal, String server) {
    Path dir = wal.getParent();
    if (dir == null || !dir.getName().equals(server + SPLITTING)
        || !new Path(root, "wals").toUri().getPath().equals(
            dir.getParent().toUri().getPath())) {
      throw new IllegalArgumentException("WAL file " + wal + " is not in " + new Path(root,
          "wals/" + server + SPLITTING) + ": only a dead server's fenced WALs are split");
    }
  }

  /** Splits the file; returns the number of entries written per region (by encoded name). */
  public static Map<String, Long> split(FileSystem fs, Path root, Path wal, String server)
      throws IOException {
    Map<String, Path> dirs = new HashMap<>();
    try {
      return WalSplitter.split(fs, List.of(wal), server,
          region -> dirs.computeIfAbsent(region, r -> recoveredDir(fs, root, r)));
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /** {@code recovered.wals} of the region with this encoded name, or null if it is gone. */
  private static Path recoveredDir(FileSystem fs, Path root, String encodedName) {
    try {
      FileStatus[] found = fs.globStatus(new Path(root, "data/*/*/" + encodedName));
      if (found == null || found.length == 0) {
        LOG.info("region {} has no directory any more; its WAL edits are dropped", encodedName);
        return null;
      }
      return RegionLayout.recoveredWalsDir(found[0].getPath());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
