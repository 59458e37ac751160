package io.strata.server.fs;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.Closeable;
import java.io.EOFException;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;

/**
 * Reads a local file around the page cache (O_DIRECT), for a compaction that copies a file's
 * blocks once: the disk's controller fills this reader's buffer, where a read through the page
 * cache had the kernel take new pages for the file, fill them, and copy them out again, and
 * the file's pages would then push others out of the cache for nothing, the file being
 * replaced.
 *
 * <p>Reads go through an aligned native window of up to {@value #WINDOW} bytes that starts at the
 * file system block at or before the first byte wanted, so a run of reads in file order each
 * land in the window or refill it once.
 */
public final class DirectReader implements Closeable {
  /**
   * The largest window: a compaction holds one reader per input, up to every file of a store
   * in a major one, and a direct buffer's native memory goes back only when a collection finds
   * it unreachable.
   */
  static final int WINDOW = 512 << 10;

  private final File path;
  private final FileChannel file;
  private final int align;
  private final ByteBuffer window;
  /** The file offset of the window's first byte, a multiple of {@link #align}; -1 if empty. */
  private long windowAt = -1;
  /** Bytes of the file the window holds. */
  private int windowLength;
  private boolean closed;

  private DirectReader(File path, FileChannel file, int align, int window) {
    this.path = path;
    this.file = file;
    this.align = align;
    this.window = ByteBuffer.allocateDirect(window + align).alignedSlice(align);
    this.window.limit(window);
  }

  /**
   * Opens {@code path} for reading around the page cache; throws {@link DirectIo.Refused} when
   * its file system takes no O_DIRECT.
   */
  static DirectReader open(File path) throws IOException {
    FileChannel file;
    try {
      file = FileChannel.open(path.toPath(), StandardOpenOption.READ, ExtendedOpenOption.DIRECT);
    } catch (UnsupportedOperationException e) {
      throw new DirectIo.Refused(path, e.toString(), e);
    } catch (IOException e) {
      // A refusal of O_DIRECT only if the file opens without it (not missing, not denied).
      FileChannel.open(path.toPath(), StandardOpenOption.READ).close();
      throw new DirectIo.Refused(path, e.toString(), e);
    }
    try {
      int blockSize = DirectIo.alignment(path, WINDOW);
      // No larger than the file, rounded up to whole blocks: a small flush needs little.
      long blocks = Math.max(1, (file.size() + blockSize - 1) / blockSize);
      return new DirectReader(path, file, blockSize,
          (int) Math.min(WINDOW, blocks * blockSize));
    } catch (Throwable e) {
      file.close();
      throw e;
    }
  }

  /** Reads {@code len} bytes at {@code position} into {@code b}; EOFException past the end. */
  public void readFully(long position, byte[] b, int off, int len) throws IOException {
    if (closed) {
      throw new IOException(path + " is closed; open it again to read");
    }
    if (position < 0 || len < 0 || off < 0 || off + len > b.length) {
      throw new IndexOutOfBoundsException("reading " + len + " bytes at offset " + position
          + " of " + path + " into " + b.length + " at " + off);
    }
    while (len > 0) {
      if (position < windowAt || position >= windowAt + windowLength) {
        fill(position);
      }
      int n = (int) Math.min(len, windowAt + windowLength - position);
      window.get((int) (position - windowAt), b, off, n);
      position += n;
      off += n;
      len -= n;
    }
  }

  /** Fills the window from the block holding {@code position}. */
  private void fill(long position) throws IOException {
    long at = position - position % align;
    windowAt = -1; // empty until the read is done: a failed one leaves nothing to trust
    windowLength = 0;
    window.position(0);
    while (window.hasRemaining()) {
      int n = file.read(window, at + window.position());
      if (n <= 0 || window.position() % align != 0) {
        break; // the end of the file: a read that came up short
      }
    }
    windowAt = at;
    windowLength = window.position();
    if (position >= at + windowLength) {
      throw new EOFException(path + " ends at offset " + (at + windowLength)
          + ", before offset " + position);
    }
  }

  @Override
  public void close() throws IOException {
    closed = true;
    windowAt = -1;
    windowLength = 0;
    file.close();
  }
}
