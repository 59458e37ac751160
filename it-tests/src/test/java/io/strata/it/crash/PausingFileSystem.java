package io.strata.it.crash;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.Syncable;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * Fault injection for the crash test: announces on stdout the moments a kill may land, and
 * pauses at those of the event the parent waits for, so that it kills the child during the
 * pause. Events:
 *
 * <ul>
 *   <li>{@code IN-FLUSH}: a flushed block file is written but not yet synced, closed or moved
 *       into place; {@code IN-COMPACT}: the same for a compaction's merged file;
 *   <li>{@code IN-ROLL}: a new WAL file has just been created, before its header;
 *   <li>{@code IN-ARCHIVE}: a compaction has moved its merged file into place and is about to
 *       archive its inputs;
 *   <li>{@code IN-SPLIT-STAGE}: a split is writing a daughter's reference file;
 *       {@code IN-SPLIT-COMMIT}: the split's commit record is about to be renamed into place;
 *       {@code IN-SPLIT-MOVE}: a committed split is about to move a daughter into the table.
 * </ul>
 */
final class PausingFileSystem extends FilterFileSystem {
  private static final long PAUSE_MILLIS = 300;
  private final PrintStream out;
  private final String pauseAt;

  /** Pauses at the events named {@code pauseAt}. */
  PausingFileSystem(FileSystem real, PrintStream out, String pauseAt) {
    super(real);
    setConf(real.getConf());
    this.out = out;
    this.pauseAt = pauseAt;
  }

  private void announce(String event, Path p) {
    synchronized (out) {
      out.println(event + " " + p.getName());
    }
    if (!event.equals(pauseAt)) {
      return;
    }
    try {
      Thread.sleep(PAUSE_MILLIS); // holds the writer at the kill point; not a wait for state
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    if (dst.toUri().getPath().contains("/archive/")) {
      announce("IN-ARCHIVE", src);
    } else if (dst.getName().equals(".split")) {
      announce("IN-SPLIT-COMMIT", src);
    } else if (src.getParent() != null && src.getParent().getName().equals(".splits")) {
      announce("IN-SPLIT-MOVE", src);
    }
    return fs.rename(src, dst);
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite,
      int bufferSize, short replication, long blockSize, Progressable progress)
      throws IOException {
    FSDataOutputStream real = fs.create(f, permission, overwrite, bufferSize, replication,
        blockSize, progress);
    boolean flushFile = f.getParent() != null && f.getParent().getName().equals(".tmp")
        && !f.getName().startsWith(".");
    if (f.getName().startsWith("wal.") && !f.getName().endsWith(".00000000000000000001")) {
      announce("IN-ROLL", f);
    }
    if (f.toUri().getPath().contains("/.splits/") && f.getName().indexOf('.') > 0) {
      announce("IN-SPLIT-STAGE", f);
    }
    if (!flushFile) {
      return real;
    }
    return new FSDataOutputStream(new Announcing(real, f), null);
  }

  private final class Announcing extends OutputStream implements Syncable {
    private final FSDataOutputStream real;
    private final Path path;

    Announcing(FSDataOutputStream real, Path path) {
      this.real = real;
      this.path = path;
    }

    @Override
    public void write(int b) throws IOException {
      real.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      real.write(b, off, len);
    }

    @Override
    public void hflush() throws IOException {
      real.hflush();
    }

    @Override
    public void hsync() throws IOException {
      announce(Thread.currentThread().getName().startsWith("compaction") ? "IN-COMPACT"
          : "IN-FLUSH", path);
      real.hsync();
    }

    @Override
    public void close() throws IOException {
      real.close();
    }
  }
}
