package io.strata.server.fs;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FSError;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;

/**
 * A file's output stream whose write errors are IOExceptions. Hadoop's local file system reports
 * an I/O error of a write (a full disk, above all) as {@link FSError}, an Error: code that
 * handles IOException misses it, a thread dies, and a WAL would go on appending after the torn
 * record instead of rolling to a new file. This stream throws the IOException the FSError
 * wraps, which every writer already handles.
 */
final class FsErrorTranslatingStream extends OutputStream implements Syncable, StreamCapabilities {
  private final FSDataOutputStream out;

  FsErrorTranslatingStream(FSDataOutputStream out) {
    this.out = out;
  }

  /** The file system's own stream. */
  FSDataOutputStream wrapped() {
    return out;
  }

  @Override
  public void write(int b) throws IOException {
    try {
      out.write(b);
    } catch (FSError e) {
      throw unwrap(e);
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    try {
      out.write(b, off, len);
    } catch (FSError e) {
      throw unwrap(e);
    }
  }

  @Override
  public void flush() throws IOException {
    try {
      out.flush();
    } catch (FSError e) {
      throw unwrap(e);
    }
  }

  @Override
  public void hflush() throws IOException {
    try {
      out.hflush();
    } catch (FSError e) {
      throw unwrap(e);
    }
  }

  @Override
  public void hsync() throws IOException {
    try {
      out.hsync();
    } catch (FSError e) {
      throw unwrap(e);
    }
  }

  @Override
  public void close() throws IOException {
    try {
      out.close();
    } catch (FSError e) {
      throw unwrap(e);
    }
  }

  @Override
  public boolean hasCapability(String capability) {
    return out.hasCapability(capability);
  }

  /** The IOException an FSError wraps (it always wraps one), or one that says what it was. */
  static IOException unwrap(FSError e) {
    return e.getCause() instanceof IOException io ? io
        : new IOException("file system error: " + e.getMessage(), e);
  }
}
