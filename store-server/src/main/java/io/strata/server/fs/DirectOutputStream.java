package io.strata.server.fs;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;

/**
 * Writes a new local file around the page cache (O_DIRECT): the disk's controller takes the
 * bytes from this stream's buffer, and the kernel neither copies them into the page cache nor
 * later writes those pages back. A block file is written once, in large pieces, and then read
 * through the block cache, so the page cache's copy of it bought little, and on a virtual
 * machine that hands free memory back to its host every new page of it was a first touch on the
 * host ({@link RecycledFiles}): writing a flushed file cost several times the CPU of this.
 *
 * <p>O_DIRECT wants every write aligned, in memory, in the file and in length, to the file
 * system's block size: bytes gather in an aligned native buffer of {@value #BUFFER} bytes that is
 * written whole, and the last, partial block is written padded with what the buffer held before
 * and the file then cut to the bytes written. A {@link #hflush} does the same and keeps that
 * partial block in the buffer, so the next write rewrites it from its aligned start.
 */
final class DirectOutputStream extends OutputStream implements Syncable, StreamCapabilities {
  static final int BUFFER = 1 << 20;

  private final File path;
  private final FileChannel file;
  private final int align;
  private final ByteBuffer buffer;
  /** Where {@link #buffer}'s first byte goes in the file: always a multiple of {@link #align}. */
  private long bufferAt;
  private boolean closed;

  private DirectOutputStream(File path, FileChannel file, int align) {
    this.path = path;
    this.file = file;
    this.align = align;
    this.buffer = ByteBuffer.allocateDirect(BUFFER + align).alignedSlice(align);
    this.buffer.limit(BUFFER);
  }

  /**
   * Creates {@code path}, which must not exist, for writing around the page cache; throws
   * {@link UnsupportedOperationException} when its file system takes no O_DIRECT (tmpfs, other
   * systems than Linux), leaving nothing behind.
   */
  static DirectOutputStream create(File path) throws IOException {
    FileChannel file;
    try {
      file = FileChannel.open(path.toPath(), StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT);
    } catch (FileAlreadyExistsException e) {
      throw e;
    } catch (UnsupportedOperationException | IOException e) {
      // Linux creates the file before it refuses O_DIRECT (EINVAL); CREATE_NEW says it is ours.
      Files.deleteIfExists(path.toPath());
      throw new UnsupportedOperationException(path + " takes no direct writes: " + e, e);
    }
    try {
      long blockSize = Files.getFileStore(path.toPath()).getBlockSize();
      if (blockSize <= 0 || blockSize > BUFFER || BUFFER % blockSize != 0) {
        throw new UnsupportedOperationException(path + "'s file system has blocks of "
            + blockSize + " bytes, which " + BUFFER + "-byte writes cannot align to");
      }
      return new DirectOutputStream(path, file, (int) blockSize);
    } catch (IOException | RuntimeException e) {
      file.close();
      Files.deleteIfExists(path.toPath());
      throw e;
    }
  }

  @Override
  public void write(int b) throws IOException {
    checkOpen();
    buffer.put((byte) b);
    if (!buffer.hasRemaining()) {
      drainFull();
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
        drainFull();
      }
    }
  }

  /** Writes the full buffer and starts it again empty. */
  private void drainFull() throws IOException {
    writeAt(buffer.duplicate().flip(), bufferAt);
    bufferAt += BUFFER;
    buffer.clear().limit(BUFFER);
  }

  /**
   * Writes what the buffer holds, the last block padded, and cuts the file after the data; the
   * buffer keeps its partial last block, which the next write rewrites.
   */
  private void drainAll() throws IOException {
    int used = buffer.position();
    if (used == 0) {
      return;
    }
    int whole = used - used % align;
    int padded = used == whole ? whole : whole + align;
    writeAt(buffer.duplicate().position(0).limit(padded), bufferAt);
    if (padded != used) {
      file.truncate(bufferAt + used);
    }
    if (whole > 0) {
      // Keep only the partial block, at the buffer's start; its file position is aligned.
      ByteBuffer tail = buffer.duplicate().position(whole).limit(used);
      buffer.clear().limit(BUFFER);
      buffer.put(tail);
      bufferAt += whole;
    }
  }

  private void writeAt(ByteBuffer src, long at) throws IOException {
    while (src.hasRemaining()) {
      at += file.write(src, at);
    }
  }

  private void checkOpen() throws IOException {
    if (closed) {
      throw new IOException(path + " is closed; open it again to write");
    }
  }

  @Override
  public void flush() throws IOException {
    checkOpen();
    drainAll();
  }

  /** The written bytes reach the disk's cache, as the local file system's hflush. */
  @Override
  public void hflush() throws IOException {
    flush();
  }

  /** The written bytes and the file's length reach the disk. */
  @Override
  public void hsync() throws IOException {
    flush();
    file.force(true);
  }

  @Override
  public boolean hasCapability(String capability) {
    return StreamCapabilities.HFLUSH.equalsIgnoreCase(capability)
        || StreamCapabilities.HSYNC.equalsIgnoreCase(capability);
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      return;
    }
    closed = true;
    try (FileChannel f = file) {
      drainAll();
    }
  }
}
