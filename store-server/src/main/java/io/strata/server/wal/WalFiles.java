package io.strata.server.wal;

import io.strata.server.fs.StorageFileSystems;
import io.strata.server.fs.RecycledFiles;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which WAL files hold unflushed edits of which users (regions). A file other than the current
 * one is archived once every user's flushed sequence id covers the highest sequence id the file
 * holds for it. Thread-safe: the WAL consumer records edits, flushing threads report flushes.
 */
final class WalFiles {
  private static final Logger LOG = LoggerFactory.getLogger(WalFiles.class);

  private final FileSystem fs;
  private final Path archiveDir;
  private final String archivePrefix;
  private final RecycledFiles recycled;
  // @GuardedBy("this"): file -> user -> highest sequence id written there, oldest file first.
  private final LinkedHashMap<Path, Map<String, Long>> highestSeqByFile = new LinkedHashMap<>();
  // @GuardedBy("this"): user -> highest sequence id whose edits are safely in block files.
  private final Map<String, Long> flushedSeq = new HashMap<>();

  WalFiles(FileSystem fs, Path archiveDir, String archivePrefix, RecycledFiles recycled) {
    this.fs = fs;
    this.archiveDir = archiveDir;
    this.archivePrefix = archivePrefix;
    this.recycled = recycled;
  }

  synchronized void opened(Path file) {
    highestSeqByFile.put(file, new HashMap<>());
  }

  synchronized void written(Path file, String user, long seqId) {
    highestSeqByFile.get(file).merge(user, seqId, Math::max);
  }

  synchronized void flushed(String user, long seqId) {
    flushedSeq.merge(user, seqId, Math::max);
  }

  /**
   * Archives every non-current file whose edits are all flushed: into the recycled files' pool
   * while it has room, else into the archive directory. Returns what went to the archive.
   */
  synchronized List<Path> archiveFlushed(Path current) throws IOException {
    List<Path> archived = new ArrayList<>();
    Iterator<Map.Entry<Path, Map<String, Long>>> it = highestSeqByFile.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<Path, Map<String, Long>> e = it.next();
      if (e.getKey().equals(current)) {
        break;
      }
      boolean allFlushed = e.getValue().entrySet().stream()
          .allMatch(u -> flushedSeq.getOrDefault(u.getKey(), -1L) >= u.getValue());
      if (!allFlushed) {
        continue;
      }
      if (recycled.recycle(e.getKey())) {
        LOG.info("recycled WAL {}", e.getKey());
        it.remove();
        continue; // a later file is written over it
      }
      StorageFileSystems.mkdirs(fs, archiveDir);
      Path target = new Path(archiveDir, archivePrefix + "." + e.getKey().getName());
      if (!fs.rename(e.getKey(), target)) {
        throw new IOException("could not archive WAL " + e.getKey() + " to " + target);
      }
      LOG.info("archived WAL {} to {}", e.getKey(), target);
      archived.add(target);
      it.remove();
    }
    return archived;
  }

  /**
   * The users whose unflushed edits keep the oldest file from the archive, by name; none when
   * that file is the current one.
   */
  synchronized List<String> usersKeepingOldest() {
    if (highestSeqByFile.size() < 2) {
      return List.of();
    }
    return highestSeqByFile.values().iterator().next().entrySet().stream()
        .filter(u -> flushedSeq.getOrDefault(u.getKey(), -1L) < u.getValue())
        .map(Map.Entry::getKey).sorted().toList();
  }

  synchronized List<Path> liveFiles() {
    return new ArrayList<>(highestSeqByFile.keySet());
  }
}
