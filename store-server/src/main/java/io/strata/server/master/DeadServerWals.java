package io.strata.server.master;

import io.strata.server.fs.StorageFileSystems;
import io.strata.common.schema.ServerName;
import io.strata.server.region.RegionLayout;
import io.strata.server.wal.WalSplitter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The WALs of dead region servers, split into their regions' {@code recovered.wals} so each
 * region replays its own edits wherever and whenever it opens next. A region that was on a dead
 * server must not open, or be marked closed, before that server's WALs are split: a region
 * flushed meanwhile would skip the older edits as already saved. So every transition away from
 * a dead server calls {@link #split} first; splitting is idempotent and done once per server.
 *
 * <p>Steps, each safe to repeat after a master crash: rename {@code wals/<server>} to
 * {@code wals/<server>-splitting} (a server that is only slow, not dead, can no longer roll to a
 * new file there); split every file; move the files to {@code oldWALs}; delete the directory.
 */
final class DeadServerWals {
  private static final Logger LOG = LoggerFactory.getLogger(DeadServerWals.class);
  static final String SPLITTING = "-splitting";

  private final FileSystem fs;
  private final Path root;
  private final Path walsDir;

  DeadServerWals(FileSystem fs, Path root) {
    this.fs = fs;
    this.root = root;
    this.walsDir = new Path(root, "wals");
  }

  /** Servers that left WALs behind, live or not. */
  List<ServerName> withWals() throws IOException {
    List<ServerName> out = new ArrayList<>();
    if (!fs.exists(walsDir)) {
      return out;
    }
    for (FileStatus st : fs.listStatus(walsDir)) {
      String name = st.getPath().getName();
      if (name.endsWith(SPLITTING)) {
        name = name.substring(0, name.length() - SPLITTING.length());
      }
      try {
        out.add(ServerName.parse(name));
      } catch (IllegalArgumentException e) {
        LOG.warn("ignoring {}: not a region server's WAL directory", st.getPath());
      }
    }
    return out;
  }

  /** Splits the dead server's WALs, if it left any; returns once they are split and archived. */
  synchronized void split(ServerName server) throws IOException {
    Path live = new Path(walsDir, server.toString());
    Path splitting = new Path(walsDir, server + SPLITTING);
    if (fs.exists(live)) {
      if (fs.exists(splitting)) {
        // The server, only thought dead, rolled to a new file after the rename: take it along.
        for (FileStatus st : fs.listStatus(live)) {
          fs.rename(st.getPath(), new Path(splitting, st.getPath().getName()));
        }
        fs.delete(live, true);
      } else if (!fs.rename(live, splitting)) {
        throw new IOException("could not rename " + live + " to " + splitting);
      }
    }
    if (!fs.exists(splitting)) {
      return; // nothing left behind, or split before
    }
    List<Path> files = new ArrayList<>();
    for (FileStatus st : fs.listStatus(splitting)) {
      if (st.isFile()) {
        files.add(st.getPath());
      }
    }
    files.sort(null);
    for (Path f : files) {
      recoverLease(f);
    }
    Map<String, Path> dirs = new HashMap<>();
    Map<String, Long> written = WalSplitter.split(fs, files, server.toString(),
        region -> dirs.computeIfAbsent(region, this::recoveredDir));
    Path archive = new Path(root, "oldWALs");
    StorageFileSystems.mkdirs(fs, archive);
    for (Path f : files) {
      fs.rename(f, new Path(archive, server + "." + f.getName()));
    }
    fs.delete(splitting, true);
    LOG.info("split {} WAL file(s) of dead server {} into {} region(s)", files.size(), server,
        written.size());
  }

  /**
   * On HDFS, takes the file's lease from a server that may still be writing it: once recovered,
   * the file is closed at its synced length and that server's later writes fail, so no edit it
   * acknowledges can be missing from the split. The local file system has no leases.
   */
  private void recoverLease(Path file) throws IOException {
    if (!(fs instanceof org.apache.hadoop.hdfs.DistributedFileSystem dfs)) {
      return;
    }
    for (int attempt = 0; !dfs.recoverLease(file); attempt++) {
      if (attempt >= 600) {
        throw new IOException("the lease of " + file + " was not recovered within 10 minutes; "
            + "check HDFS");
      }
      try {
        Thread.sleep(1000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new java.io.InterruptedIOException("interrupted recovering the lease of " + file);
      }
    }
  }

  /** {@code recovered.wals} of the region with this encoded name, or null if it is gone. */
  private Path recoveredDir(String encodedName) {
    try {
      FileStatus[] found = fs.globStatus(new Path(root, "data/*/*/" + encodedName));
      if (found == null || found.length == 0) {
        LOG.info("region {} has no directory any more; its WAL edits are dropped", encodedName);
        return null;
      }
      return RegionLayout.recoveredWalsDir(found[0].getPath());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
