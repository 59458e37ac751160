package io.strata.server.fs;

import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * Wraps a real file system to count and fail syncs and writes of the files it creates: the
 * fault-injection seam of the storage layer. Everything not overridden goes to the real one.
 */
public final class FaultInjectingFileSystem extends FilterFileSystem {
  public final AtomicInteger hflushes = new AtomicInteger();
  public final AtomicInteger hsyncs = new AtomicInteger();
  /** Number of upcoming syncs (hflush or hsync) to fail. */
  public final AtomicInteger failSyncs = new AtomicInteger();
  /** Number of upcoming writes to fail. */
  public final AtomicInteger failWrites = new AtomicInteger();
  /** Delay added to every sync, to make group commit visible. */
  public volatile long syncDelayMillis;

  public FaultInjectingFileSystem(FileSystem real) {
    super(real);
    setConf(real.getConf());
  }

  @Override
  public FSDataOutputStream create(Path f, FsPermission permission, boolean overwrite,
      int bufferSize, short replication, long blockSize, Progressable progress)
      throws IOException {
    FSDataOutputStream real = fs.create(f, permission, overwrite, bufferSize, replication,
        blockSize, progress);
    return new FSDataOutputStream(new Faulty(real), null);
  }

  private final class Faulty extends OutputStream implements Syncable, StreamCapabilities {
    private final FSDataOutputStream real;

    Faulty(FSDataOutputStream real) {
      this.real = real;
    }

    private void maybeFailWrite() throws IOException {
      if (failWrites.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
        throw new IOException("injected write failure");
      }
    }

    private void beforeSync() throws IOException {
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
