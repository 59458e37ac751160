package io.strata.server.fs;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;

/**
 * A local file written from a native buffer through a {@link FileChannel}, with Hadoop's
 * hflush and hsync: what the streams that write over recycled files and around the page cache
 * share. Subclasses say when a full buffer is written and what a flush writes.
 */
abstract class BufferedChannelStream extends OutputStream implements Syncable,
    StreamCapabilities {
  final File path;
  final FileChannel file;
  final ByteBuffer buffer;
  boolean closed;

  BufferedChannelStream(File path, FileChannel file, ByteBuffer buffer) {
    this.path = path;
    this.file = file;
    this.buffer = buffer;
  }

  /** Writes the full buffer and empties it. */
  abstract void bufferFull() throws IOException;

  /** Writes what the buffer holds, as a flush does. */
  abstract void drainBuffered() throws IOException;

  /** Brings the file to its final bytes before it is closed. */
  abstract void finish() throws IOException;

  /** Throws if no more may be written; called before each write. */
  void beforeWrite() throws IOException {
    if (closed) {
      throw new IOException(path + " is closed; open it again to write");
    }
  }

  @Override
  public void write(int b) throws IOException {
    beforeWrite();
    buffer.put((byte) b);
    if (!buffer.hasRemaining()) {
      bufferFull();
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    beforeWrite();
    while (len > 0) {
      int n = Math.min(len, buffer.remaining());
      buffer.put(b, off, n);
      off += n;
      len -= n;
      if (!buffer.hasRemaining()) {
        bufferFull();
      }
    }
  }

  @Override
  public void flush() throws IOException {
    beforeWrite();
    drainBuffered();
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try (FileChannel f = file) {
      finish();
    }
  }

  /** The written bytes reach the operating system, as the local file system's hflush. */
  @Override
  public void hflush() throws IOException {
    flush();
  }

  /** The written bytes and the file's length reach the disk. */
  @Override
  public void hsync() throws IOException {
    flush();
    file.force(true); // as fsync: the data and the file's metadata
  }

  @Override
  public boolean hasCapability(String capability) {
    return StreamCapabilities.HFLUSH.equalsIgnoreCase(capability)
        || StreamCapabilities.HSYNC.equalsIgnoreCase(capability);
  }
}
