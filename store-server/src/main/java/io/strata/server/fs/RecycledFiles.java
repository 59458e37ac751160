package io.strata.server.fs;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Dead files kept so that new files are written over them: on the local file system a new file
 * takes new pages in the page cache, and on a virtual machine that hands free memory back to its
 * host (a balloon driver's free page reporting) each new page costs a first touch on the host,
 * 1 to 4 ms a MB on this project's build machine, against 0.1 ms a MB to rewrite pages a file
 * already has. Flushes and compactions write every byte a region takes two or three times, so
 * that cost was most of a region server's time under sustained writes.
 *
 * <p>A file no reader will open again is moved into {@value #DIR} under the archive directory,
 * while the pool holds less than its size; {@link #create} renames one of them to the new
 * file's name and writes over it from its first byte, cutting it to length when closed
 * ({@link OverwritingOutputStream}). Moves are atomic renames, so servers sharing a root
 * directory never take the same file. The master's archive cleaner deletes what stays in the
 * pool past the block files' TTL. On other file systems (HDFS writes new blocks whatever the
 * file) there is no pool: files are created and archived as before.
 *
 * <p>With direct I/O on, a block file is instead written around the page cache as a new file
 * ({@link DirectOutputStream}): no page is taken or copied into at all, and the pool is left to
 * WAL files, which are written in small appends that O_DIRECT would make wait for the disk. A
 * compaction reads its inputs around the page cache too ({@link #openForCompaction},
 * {@link DirectReader}).
 */
public final class RecycledFiles {
  private static final Logger LOG = LoggerFactory.getLogger(RecycledFiles.class);

  /** The pool's directory under {@code <root>/archive}. */
  public static final String DIR = "recycled";

  /** The name prefix of a pooled file a writer has claimed: never listed as pooled. */
  static final String CLAIMED = "claimed-";

  /** Never recycles: every file is created anew. */
  public static final RecycledFiles NONE = new RecycledFiles(null, null, 0, false, null,
      f -> false);

  /** Asked before a file is written over: true keeps it where it is. */
  @FunctionalInterface
  public interface Keep {
    boolean keep(Path file) throws IOException;
  }

  /** Opens a new file for writing around the page cache; a seam for tests' refusals. */
  @FunctionalInterface
  interface DirectOpener {
    /** Throws {@link DirectIo.Refused} when the file system refuses O_DIRECT. */
    OutputStream open(java.io.File file) throws IOException;
  }

  private final RawLocalFileSystem fs;
  private final java.nio.file.Path pool;
  private final long maxBytes;
  /** Block files written around the page cache; cleared when the file system refuses that. */
  private volatile boolean direct;
  private final DirectOpener opener;
  private final Keep keep;

  private RecycledFiles(RawLocalFileSystem fs, java.nio.file.Path pool, long maxBytes,
      boolean direct, DirectOpener opener, Keep keep) {
    this.keep = keep;
    this.fs = fs;
    this.pool = pool;
    this.maxBytes = maxBytes;
    this.direct = direct;
    this.opener = opener;
  }

  /**
   * The pool in {@code archiveDir} holding at most {@code maxBytes}; {@link #NONE} when that is
   * 0 or {@code fs} is not the local file system.
   */
  public static RecycledFiles in(FileSystem fs, Path archiveDir, long maxBytes) {
    return in(fs, archiveDir, maxBytes, false);
  }

  /**
   * As {@link #in(FileSystem, Path, long)}, block files written (and read by compactions)
   * around the page cache when {@code directBlockFiles} and {@code fs} is the local file system
   * (even with no pool).
   */
  public static RecycledFiles in(FileSystem fs, Path archiveDir, long maxBytes,
      boolean directBlockFiles) {
    return in(fs, archiveDir, maxBytes, directBlockFiles, DirectOutputStream::create);
  }

  static RecycledFiles in(FileSystem fs, Path archiveDir, long maxBytes,
      boolean directBlockFiles, DirectOpener opener) {
    if (!(fs instanceof RawLocalFileSystem local) || (maxBytes <= 0 && !directBlockFiles)) {
      return NONE;
    }
    return new RecycledFiles(local,
        maxBytes <= 0 ? null : local.pathToFile(new Path(archiveDir, DIR)).toPath(), maxBytes,
        directBlockFiles, opener, f -> false);
  }

  /**
   * The same pool, never taking a file {@code keep} says to keep (block files a snapshot may
   * still name).
   */
  public RecycledFiles keeping(Keep keep) {
    return this == NONE ? NONE : new RecycledFiles(fs, pool, maxBytes, direct, opener, keep);
  }

  /** True when files are recycled. */
  public boolean enabled() {
    return pool != null;
  }

  /**
   * Creates the block file {@code path}, which must not exist, for writing: around the page
   * cache when direct writes are on, else over a pooled file when there is one (the largest, so
   * the most pages are reused), else as a new file.
   */
  public FSDataOutputStream create(FileSystem fileSystem, Path path) throws IOException {
    if (direct && fileSystem == fs) {
      java.nio.file.Path target = fs.pathToFile(path).toPath();
      Files.createDirectories(target.getParent());
      try {
        return new FSDataOutputStream(opener.open(target.toFile()), null);
      } catch (DirectIo.Refused e) {
        direct = false;
        LOG.warn("block files are written through the page cache from now on: {}",
            e.getMessage());
      }
    }
    return create(fileSystem, path, null);
  }

  /**
   * As {@link #create(FileSystem, Path)}, with {@code head} (null for none) already written and
   * flushed when {@code path} first appears: a pooled file is first claimed under a name of its
   * own in the pool ({@value #CLAIMED}...), given {@code head}, and only then moved to {@code
   * path}. So {@code path} never shows a pooled file's old first bytes, even after a crash: a
   * WAL file's reader trusts the header at its start (and its salt), so a recycled WAL must never
   * appear with another file's header. A claimed file a crash left behind is never taken again;
   * the archive cleaner deletes it with the rest of the pool.
   */
  public FSDataOutputStream create(FileSystem fileSystem, Path path, byte[] head)
      throws IOException {
    if (pool != null && fileSystem == fs) {
      java.nio.file.Path target = fs.pathToFile(path).toPath();
      for (Pooled candidate : largestFirst()) {
        if (Files.exists(target)) {
          throw new FileAlreadyExistsException(target + " already exists");
        }
        Files.createDirectories(target.getParent());
        java.nio.file.Path taken = head == null ? target
            : pool.resolve(CLAIMED + UUID.randomUUID().toString().replace("-", ""));
        try {
          Files.move(candidate.path(), taken, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException e) {
          continue; // another writer or the cleaner took it first
        } catch (AtomicMoveNotSupportedException e) {
          LOG.warn("{} is not on the file system of {}; creating files anew", pool, target);
          break;
        }
        OverwritingOutputStream out = new OverwritingOutputStream(taken.toFile());
        if (head != null) {
          try {
            out.write(head);
            out.flush();
            if (Files.exists(target)) {
              throw new FileAlreadyExistsException(target + " already exists");
            }
            Files.move(taken, target, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
          } catch (NoSuchFileException e) {
            out.close();
            continue; // the cleaner deleted it meanwhile (it was past the pool's TTL)
          } catch (IOException e) {
            out.close();
            Files.deleteIfExists(taken);
            throw e;
          }
        }
        return new FSDataOutputStream(out, null);
      }
    }
    FSDataOutputStream out = StorageFileSystems.create(fileSystem, path, false);
    if (head != null) {
      out.write(head);
      out.hflush();
    }
    return out;
  }

  /**
   * A reader of the block file {@code path} around the page cache, for a compaction that reads
   * it once before replacing it, when direct I/O is on and the file is local; null otherwise (and
   * when the file system refuses O_DIRECT: then block files go through the page cache from now
   * on; or when opening the file again fails: the caller's open reader reads it).
   */
  public DirectReader openForCompaction(FileSystem fileSystem, Path path) throws IOException {
    if (!direct || fileSystem != fs) {
      return null;
    }
    try {
      return DirectReader.open(fs.pathToFile(path));
    } catch (DirectIo.Refused e) {
      direct = false;
      LOG.warn("block files are written and read through the page cache from now on: {}",
          e.getMessage());
      return null;
    } catch (IOException e) {
      // Opened again by name, the file may be gone (a reference's parent the archive cleaner
      // took) while its open reader still reads it: that reader serves the compaction.
      LOG.debug("{} is read through the page cache: opening it again failed", path, e);
      return null;
    }
  }

  /**
   * Moves {@code file}, which nothing reads any more, into the pool if it fits there; returns
   * false, leaving the file where it is, otherwise (and if the move fails: the file is still
   * where its owner put it, for the cleaner).
   */
  public boolean recycle(Path file) {
    if (pool == null) {
      return false;
    }
    java.nio.file.Path source = fs.pathToFile(file).toPath();
    try {
      if (keep.keep(file)) {
        return false;
      }
      long size = Files.size(source);
      if (pooledBytes() + size > maxBytes) {
        return false;
      }
      // Two attempts: the cleaner deletes an empty pool directory past its TTL.
      for (int attempt = 1; ; attempt++) {
        Files.createDirectories(pool);
        try {
          Files.move(source, pool.resolve(UUID.randomUUID().toString().replace("-", "")),
              java.nio.file.StandardCopyOption.ATOMIC_MOVE);
          return true;
        } catch (NoSuchFileException e) {
          if (attempt == 2 || !Files.exists(source)) {
            throw e;
          }
        }
      }
    } catch (IOException e) {
      LOG.debug("{} stays where it is: recycling it failed", file, e);
      return false;
    }
  }

  /** Bytes the pool holds now. */
  public long pooledBytes() throws IOException {
    return list().stream().mapToLong(Pooled::size).sum();
  }

  private record Pooled(java.nio.file.Path path, long size) {}

  private List<Pooled> largestFirst() throws IOException {
    List<Pooled> files = list();
    files.sort(Comparator.comparingLong(Pooled::size).reversed());
    return files;
  }

  private List<Pooled> list() throws IOException {
    List<Pooled> files = new ArrayList<>();
    try (DirectoryStream<java.nio.file.Path> dir = Files.newDirectoryStream(pool)) {
      for (java.nio.file.Path p : dir) {
        if (p.getFileName().toString().startsWith(CLAIMED)) {
          continue; // being written, or left by a crash
        }
        try {
          files.add(new Pooled(p, Files.size(p)));
        } catch (NoSuchFileException e) {
          // taken meanwhile
        }
      }
    } catch (NoSuchFileException e) {
      // No file recycled yet, or the cleaner removed the empty directory.
    }
    return files;
  }
}
