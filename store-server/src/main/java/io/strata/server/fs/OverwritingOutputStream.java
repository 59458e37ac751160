package io.strata.server.fs;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;

/**
 * Writes a local file from its first byte over what it held, and cuts it to the bytes written
 * when closed. Hadoop's local file system truncates a file it creates, which frees the file's
 * pages in the page cache; this stream keeps them, so writing costs a copy into pages the
 * kernel already has instead of new ones ({@link RecycledFiles} says why that matters).
 *
 * <p>Bytes reach the file in aligned {@value #BUFFER}-byte writes (a partial one only on a flush
 * or at the end): a write that covers part of a page the cache no longer holds would make the
 * kernel read that page from disk first. They are gathered in native memory, from which the
 * kernel copies them: a heap array written through {@code RandomAccessFile} was copied once more
 * into a buffer allocated for each write, the WAL's and every flushed file's bytes.
 */
final class OverwritingOutputStream extends OutputStream implements Syncable, StreamCapabilities {
  static final int BUFFER = 64 * 1024;

  private final File path;
  private final FileChannel file;
  private final ByteBuffer buffer = ByteBuffer.allocateDirect(BUFFER);
  private boolean closed;

  OverwritingOutputStream(File path) throws IOException {
    this.path = path;
    // Neither TRUNCATE_EXISTING nor APPEND: the old content is written over.
    this.file = FileChannel.open(path.toPath(), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE);
  }

  @Override
  public void write(int b) throws IOException {
    checkOpen();
    buffer.put((byte) b);
    if (!buffer.hasRemaining()) {
      drain();
    }
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    checkOpen();
    while (len > 0) {
      int n = Math.min(len, buffer.remaining());
      buffer.put(b, off, n);
      off += n;
      len -= n;
      if (!buffer.hasRemaining()) {
        drain();
      }
    }
  }

  private void drain() throws IOException {
    buffer.flip();
    while (buffer.hasRemaining()) {
      file.write(buffer);
    }
    buffer.clear();
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException(path + " is closed; open it again to write");
    }
  }

  @Override
  public void flush() throws IOException {
    checkOpen();
    drain();
  }

  /** The written bytes reach the operating system, as the local file system's hflush. */
  @Override
  public void hflush() throws IOException {
    flush();
  }

  /** The written bytes reach the disk. */
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

  /** Writes what is buffered and cuts off the old content after it. */
  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try (FileChannel f = file) {
      drain();
      f.truncate(f.position());
    }
  }
}
