package io.strata.server.fs;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;

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
 *
 * <p>Like any {@code FileChannel}, the file is closed if the writing thread is interrupted;
 * flushes and compactions are stopped by flags, not interrupts.
 */
final class DirectOutputStream extends BufferedChannelStream {
  static final int BUFFER = 1 << 20;

  private final int align;
  /** Where {@link #buffer}'s first byte goes in the file: always a multiple of {@link #align}. */
  private long bufferAt;
  /** How many of the buffer's first bytes the file already has; those after them are new. */
  private int drained;
  /** The first failed write: the file is then only closed, and abandoned by its writer. */
  private IOException failed;

  private DirectOutputStream(File path, FileChannel file, int align) {
    super(path, file, ByteBuffer.allocateDirect(BUFFER + align).alignedSlice(align));
    this.align = align;
    this.buffer.limit(BUFFER);
  }

  /**
   * Creates {@code path}, which must not exist, for writing around the page cache; throws
   * {@link DirectIo.Refused} when its file system takes no O_DIRECT, leaving nothing behind.
   * Other failures (no room, no permission) are thrown as they are.
   */
  static DirectOutputStream create(File path) throws IOException {
    FileChannel file;
    try {
      file = FileChannel.open(path.toPath(), StandardOpenOption.CREATE_NEW,
          StandardOpenOption.WRITE, ExtendedOpenOption.DIRECT);
    } catch (UnsupportedOperationException e) {
      throw new DirectIo.Refused(path, e.toString(), e);
    } catch (FileAlreadyExistsException e) {
      throw e;
    } catch (IOException e) {
      // Linux creates the file before it refuses O_DIRECT (EINVAL); CREATE_NEW says it is ours.
      if (Files.deleteIfExists(path.toPath())) {
        throw new DirectIo.Refused(path, e.toString(), e);
      }
      throw e;
    }
    try {
      DirectOutputStream out = new DirectOutputStream(path, file,
          DirectIo.alignment(path, BUFFER));
      out.probe();
      return out;
    } catch (Throwable e) {
      file.close();
      Files.deleteIfExists(path.toPath());
      throw e;
    }
  }

  /**
   * Writes one block and cuts it off again: a device whose sectors are larger than the file
   * system's blocks, or a file system that passes O_DIRECT on without honouring it, refuses
   * the first write (EINVAL), not the open.
   */
  private void probe() throws IOException {
    try {
      writeAt(buffer.duplicate().position(0).limit(align), 0);
      file.truncate(0);
    } catch (IOException e) {
      if (String.valueOf(e.getMessage()).contains("Invalid argument")) {
        throw new DirectIo.Refused(path, "a first write failed: " + e, e);
      }
      throw e;
    }
  }

  /** Writes the full buffer and starts it again empty. */
  @Override
  void bufferFull() throws IOException {
    writeAt(buffer.duplicate().flip(), bufferAt);
    bufferAt += BUFFER;
    buffer.clear().limit(BUFFER);
    drained = 0;
  }

  /**
   * Writes what the buffer holds, the last block padded, and cuts the file after the data; the
   * buffer keeps its partial last block, which the next write rewrites.
   */
  private void drainAll() throws IOException {
    int used = buffer.position();
    if (used == drained) {
      return; // a close after an hsync: the file has it all
    }
    int whole = used - used % align;
    int padded = used == whole ? whole : whole + align;
    writeAt(buffer.duplicate().position(0).limit(padded), bufferAt);
    if (padded != used) {
      try {
        file.truncate(bufferAt + used);
      } catch (IOException e) {
        failed = e;
        throw e;
      }
    }
    if (whole > 0) {
      // Keep only the partial block, at the buffer's start; its file position is aligned.
      ByteBuffer tail = buffer.duplicate().position(whole).limit(used);
      buffer.clear().limit(BUFFER);
      buffer.put(tail);
      bufferAt += whole;
    }
    drained = buffer.position();
  }

  private void writeAt(ByteBuffer src, long at) throws IOException {
    try {
      while (src.hasRemaining()) {
        at += file.write(src, at);
      }
    } catch (IOException e) {
      failed = e;
      throw e;
    }
  }

  @Override
  void beforeWrite() throws IOException {
    super.beforeWrite();
    if (failed != null) {
      throw new IOException("an earlier write to " + path + " failed: " + failed, failed);
    }
  }

  @Override
  void drainBuffered() throws IOException {
    drainAll();
  }

  /** Writes what is buffered; after a failed write, nothing (the file is only closed). */
  @Override
  void finish() throws IOException {
    if (failed == null) {
      drainAll();
    }
  }
}
