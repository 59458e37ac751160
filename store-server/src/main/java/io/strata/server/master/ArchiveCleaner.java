package io.strata.server.master;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.time.InstantSource;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deletes what nothing needs any more: WAL files in {@code oldWALs/} (every edit in them was
 * flushed before they were moved there) and block files in {@code archive/} (replaced by a
 * compaction, left by a split parent, or of a deleted or truncated table), each once it has been
 * there for its TTL and no snapshot needs it (a manifest or a clone's link names it). Without it
 * both directories grow by every byte ever written.
 *
 * <p>A file's age counts from the later of its modification time and the first time this
 * cleaner saw it: a move into the archive keeps a file's modification time, so a block file
 * written an hour ago and archived just now is not taken for an hour old (a scanner opened
 * before the move may still read it). After a master restart, files count from when the new
 * master first sees them; they live a TTL longer, never shorter. Empty directories go once
 * they too are older than the TTL, so a directory made for a move that is about to happen is
 * left alone.
 */
final class ArchiveCleaner {
  private static final Logger LOG = LoggerFactory.getLogger(ArchiveCleaner.class);

  private final FileSystem fs;
  private final Path oldWals;
  private final Path archive;
  private final Duration walTtl;
  private final Duration fileTtl;
  private final InstantSource clock;
  /** When each file still here was first seen, in clock millis. */
  private final Map<Path, Long> firstSeen = new HashMap<>();
  /** Block files kept past their TTL, relative to the archive: those snapshots still need. */
  private final Kept kept;
  /** The archive's path without scheme, to name a file relative to it. */
  private final String archivePath;

  /** The archived files to keep, as paths relative to the archive; read once a pass. */
  interface Kept {
    Set<String> files() throws IOException;
  }

  ArchiveCleaner(FileSystem fs, Path root, Duration walTtl, Duration fileTtl,
      InstantSource clock) {
    this(fs, root, walTtl, fileTtl, clock, Set::of);
  }

  ArchiveCleaner(FileSystem fs, Path root, Duration walTtl, Duration fileTtl,
      InstantSource clock, Kept kept) {
    this.kept = kept;
    this.fs = fs;
    this.oldWals = new Path(root, "oldWALs");
    this.archive = new Path(root, "archive");
    this.archivePath = fs.makeQualified(archive).toUri().getPath() + "/";
    this.walTtl = walTtl;
    this.fileTtl = fileTtl;
    this.clock = clock;
  }

  /**
   * The cleaner of a master configured by {@code conf}, run on {@code chores} every
   * strata.master.cleaner.interval; null when that is 0. It keeps what snapshots name.
   */
  static ArchiveCleaner schedule(io.strata.common.conf.StrataConfiguration conf, FileSystem fs,
      Path root, java.util.concurrent.ScheduledExecutorService chores) {
    Duration every = conf.get(io.strata.common.conf.ServerKeys.CLEANER_INTERVAL);
    if (every.isZero()) {
      return null;
    }
    ArchiveCleaner c = new ArchiveCleaner(fs, root,
        conf.get(io.strata.common.conf.ServerKeys.WAL_CLEANER_TTL),
        conf.get(io.strata.common.conf.ServerKeys.FILE_CLEANER_TTL), InstantSource.system(),
        () -> io.strata.server.snapshot.SnapshotReferences.kept(fs, root));
    chores.scheduleWithFixedDelay(c::cleanQuietly, every.toMillis(), every.toMillis(),
        java.util.concurrent.TimeUnit.MILLISECONDS);
    return c;
  }

  /** Passes run to their end. */
  private final java.util.concurrent.atomic.AtomicLong passes =
      new java.util.concurrent.atomic.AtomicLong();

  long passes() {
    return passes.get();
  }

  /** One pass over both directories; returns the number of files deleted. */
  synchronized int clean() throws IOException {
    Pass pass = new Pass(clock.millis(), Set.of());
    pass.clean(oldWals, walTtl.toMillis(), false);
    pass = new Pass(pass, kept.files());
    pass.clean(archive, fileTtl.toMillis(), false);
    firstSeen.keySet().retainAll(pass.present);
    passes.incrementAndGet();
    return pass.deleted;
  }

  /** {@link #clean()}, logging instead of throwing: a chore's run. */
  void cleanQuietly() {
    try {
      int n = clean();
      if (n > 0) {
        LOG.info("deleted {} archived file(s) past their TTL from {} and {}", n, oldWals,
            archive);
      }
    } catch (IOException | RuntimeException e) {
      LOG.warn("cleaning {} and {} failed; the next run tries again", oldWals, archive, e);
    }
  }

  /** One pass: its time, the files it left, the number it deleted. */
  private final class Pass {
    final long now;
    final Set<Path> present;
    final Set<String> keep;
    int deleted;

    Pass(long now, Set<String> keep) {
      this.now = now;
      this.present = new HashSet<>();
      this.keep = keep;
    }

    /** The same pass going on with {@code keep}. */
    Pass(Pass p, Set<String> keep) {
      this.now = p.now;
      this.present = p.present;
      this.deleted = p.deleted;
      this.keep = keep;
    }

    /**
     * Deletes the expired files under {@code dir}, then {@code dir} itself if it is a
     * subdirectory left empty and old enough; returns whether {@code dir} is gone.
     */
    private boolean kept(Path p) {
      String path = p.toUri().getPath();
      return !keep.isEmpty() && path.startsWith(archivePath)
          && keep.contains(path.substring(archivePath.length()));
    }

    boolean clean(Path dir, long ttlMillis, boolean sub) throws IOException {
      FileStatus[] entries;
      try {
        entries = fs.listStatus(dir);
      } catch (FileNotFoundException gone) {
        return true;
      }
      int left = entries.length;
      for (FileStatus e : entries) {
        Path p = e.getPath();
        if (e.isDirectory()) {
          if (clean(p, ttlMillis, true)) {
            left--;
          }
          continue;
        }
        long seen = firstSeen.computeIfAbsent(p, k -> now);
        if (now - Math.max(seen, e.getModificationTime()) >= ttlMillis && !kept(p)
            && fs.delete(p, false)) {
          deleted++;
          left--;
        } else {
          present.add(p);
        }
      }
      if (!sub || left > 0
          || now - fs.getFileStatus(dir).getModificationTime() < ttlMillis) {
        return false;
      }
      try {
        return fs.delete(dir, false); // not recursive: a file moved in meanwhile makes this fail
      } catch (IOException notEmpty) {
        LOG.debug("kept {}: {}", dir, notEmpty.getMessage());
        return false;
      }
    }
  }
}
