package io.strata.server.fs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * Wraps a real file system to count, delay and fail syncs and writes of the files it creates,
 * and to shorten or corrupt reads of the files it opens: the fault-injection seam of the storage
 * layer. Everything not overridden goes to the real one.
 */
public final class FaultInjectingFileSystem extends FilterFileSystem {
  /** Runs before every file is created (a test may hold a flush there). */
  public volatile java.util.function.Consumer<Path> beforeCreate = p -> { };
  public final AtomicInteger hflushes = new AtomicInteger();
  public final AtomicInteger hsyncs = new AtomicInteger();
  /** Number of upcoming syncs (hflush or hsync) to fail. */
  public final AtomicInteger failSyncs = new AtomicInteger();
  /** Number of upcoming writes to fail. */
  public final AtomicInteger failWrites = new AtomicInteger();
  /**
   * Fail writes as Hadoop's local file system does on a full disk: with an FSError (an Error)
   * wrapping the IOException, instead of the IOException itself.
   */
  public volatile boolean writeFailuresAsFsError;
  /** Runs at the start of every sync, on the syncing thread (a test may hold a sync there). */
  public volatile Runnable duringSync = () -> { };
  /** Delay added to every sync, to make group commit visible. */
  public volatile long syncDelayMillis;
  /** Number of upcoming positional reads whose first byte is flipped. */
  public final AtomicInteger corruptReads = new AtomicInteger();
  /** Reads to fail, as Hadoop's local file system fails them: with an FSError (an Error). */
  public final AtomicInteger failReadsAsFsError = new AtomicInteger();
  /** When true, every read returns at most 7 bytes, as a slow network stream may. */
  public volatile boolean shortReads;

  /** Namespace changes (create, rename, delete, mkdirs) still allowed before the crash; -1: none. */
  private final AtomicInteger mutationsBeforeCrash = new AtomicInteger(-1);
  private volatile boolean crashed;
  /** Namespace changes made since the counter was last reset. */
  public final AtomicInteger mutations = new AtomicInteger();

  public FaultInjectingFileSystem(FileSystem real) {
    super(real);
    setConf(real.getConf());
  }

  /**
   * Simulates a process crash after {@code n} more namespace changes: the next one, and every
   * change, write and sync after it, fails as if the process had died at that point, so no
   * clean-up code can run. {@link #revive} ends the crash, as a restarted process would.
   */
  public void crashAfter(int n) {
    crashed = false;
    mutationsBeforeCrash.set(n);
  }

  public boolean crashed() {
    return crashed;
  }

  public void revive() {
    crashed = false;
    mutationsBeforeCrash.set(-1);
  }

  private void beforeMutation(String what, Path p) throws IOException {
    mutations.incrementAndGet();
    checkAlive();
    if (mutationsBeforeCrash.get() >= 0
        && mutationsBeforeCrash.getAndDecrement() == 0) {
      crashed = true;
      throw new IOException("injected crash before " + what + " " + p);
    }
  }

  private void checkAlive() throws IOException {
    if (crashed) {
      throw new IOException("injected crash: the process is dead");
    }
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    beforeMutation("rename of", src);
    return fs.rename(src, dst);
  }

  @Override
  public boolean delete(Path f, boolean recursive) throws IOException {
    beforeMutation("delete of", f);
    return fs.delete(f, recursive);
  }

  @Override
  public boolean mkdirs(Path f, FsPermission permission) throws IOException {
    beforeMutation("mkdirs of", f);
    return fs.mkdirs(f, permission);
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite,
      int bufferSize, short replication, long blockSize, Progressable progress)
      throws IOException {
    beforeMutation("create of", f);
    beforeCreate.accept(f);
    FSDataOutputStream real = fs.create(f, permission, overwrite, bufferSize, replication,
        blockSize, progress);
    return new FSDataOutputStream(new Faulty(real), null);
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    return new FSDataInputStream(new FaultyInput(fs.open(f, bufferSize)));
  }

  /** Reads through the real stream, shortening and corrupting them as asked. */
  private final class FaultyInput extends InputStream implements Seekable, PositionedReadable {
    private final FSDataInputStream real;

    FaultyInput(FSDataInputStream real) {
      this.real = real;
    }

    private int limit(int len) {
      return shortReads ? Math.min(len, 7) : len;
    }

    private void maybeFailRead() {
      if (failReadsAsFsError.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        throw org.apache.hadoop.fs.LocalFsErrors.of(new IOException("injected read failure"));
      }
    }

    @Override
    public int read() throws IOException {
      maybeFailRead();
      return real.read();
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      maybeFailRead();
      return real.read(b, off, limit(len));
    }

    @Override
    public int read(long position, byte[] buffer, int offset, int length) throws IOException {
      maybeFailRead();
      int n = real.read(position, buffer, offset, limit(length));
      if (n > 0 && corruptReads.getAndUpdate(x -> Math.max(0, x - 1)) > 0) {
        buffer[offset] ^= 0x55;
      }
      return n;
    }

    @Override
    public void readFully(long position, byte[] buffer, int offset, int length)
        throws IOException {
      int done = 0;
      while (done < length) {
        int n = read(position + done, buffer, offset + done, length - done);
        if (n < 0) {
          throw new java.io.EOFException("end of file after " + done + " of " + length
              + " bytes at " + position);
        }
        done += n;
      }
    }

    @Override
    public void readFully(long position, byte[] buffer) throws IOException {
      readFully(position, buffer, 0, buffer.length);
    }

    @Override
    public void seek(long pos) throws IOException {
      real.seek(pos);
    }

    @Override
    public long getPos() throws IOException {
      return real.getPos();
    }

    @Override
    public boolean seekToNewSource(long targetPos) throws IOException {
      return real.seekToNewSource(targetPos);
    }

    @Override
    public void close() throws IOException {
      real.close();
    }
  }

  private final class Faulty extends OutputStream implements Syncable, StreamCapabilities {
    private final FSDataOutputStream real;

    Faulty(FSDataOutputStream real) {
      this.real = real;
    }

    private void maybeFailWrite() throws IOException {
      checkAlive();
      if (failWrites.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        IOException e = new IOException("injected write failure");
        if (writeFailuresAsFsError) {
          throw org.apache.hadoop.fs.LocalFsErrors.of(e);
        }
        throw e;
      }
    }

    private void beforeSync() throws IOException {
      checkAlive();
      duringSync.run();
      if (syncDelayMillis > 0) {
        try {
          Thread.sleep(syncDelayMillis); // simulates a slow disk, not a wait for a state
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      if (failSyncs.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        throw new IOException("injected sync failure");
      }
    }

    @Override
    public void write(int b) throws IOException {
      maybeFailWrite();
      real.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      maybeFailWrite();
      real.write(b, off, len);
    }

    @Override
    public void hflush() throws IOException {
      beforeSync();
      hflushes.incrementAndGet();
      real.hflush();
    }

    @Override
    public void hsync() throws IOException {
      beforeSync();
      hsyncs.incrementAndGet();
      real.hsync();
    }

    @Override
    public boolean hasCapability(String capability) {
      return real.hasCapability(capability);
    }

    @Override
    public void close() throws IOException {
      real.close();
    }
  }
}
