package io.strata.server.fs;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;

/**
 * Writes a local file from its first byte over what it held, and cuts it to the bytes written
 * when closed. Hadoop's local file system truncates a file it creates, which frees the file's
 * pages in the page cache; this stream keeps them, so writing costs a copy into pages the
 * kernel already has instead of new ones ({@link RecycledFiles} says why that matters).
 *
 * <p>No write covers part of a page the file had before this stream touched it: for such a
 * page the kernel reads the old contents from disk first, and waits for them, only for them to
 * be written over. A recycled file that was a block file, written around the page cache, has
 * none of its pages cached. So full buffers are written whole ({@value #BUFFER} bytes from a
 * page boundary), and a flush that ends inside a page it has not yet touched writes the rest of
 * that page as zeros (which no reader takes for data: after the end a file may hold anything),
 * keeping the partial page in the buffer, whose next write starts where the flush ended. Bytes
 * are gathered in native memory, from which the kernel copies them: a heap array written through
 * {@code RandomAccessFile} was copied once more into a buffer allocated for each write.
 */
final class OverwritingOutputStream extends BufferedChannelStream {
  static final int BUFFER = 64 * 1024;
  /** The page size of the kernel's cache that writes keep to. */
  static final int PAGE = 4096;
  private static final ByteBuffer ZEROS = ByteBuffer.allocateDirect(PAGE).asReadOnlyBuffer();

  /** The file offset of the buffer's first byte: a multiple of {@link #PAGE}. */
  private long bufferAt;
  /** How many of the buffer's bytes the file has. */
  private int drained;
  /** How many bytes from the buffer's start the file was written over, with data or zeros. */
  private int touched;

  OverwritingOutputStream(File path) throws IOException {
    // Neither TRUNCATE_EXISTING nor APPEND: the old content is written over.
    super(path, FileChannel.open(path.toPath(), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE), ByteBuffer.allocateDirect(BUFFER));
  }

  @Override
  void bufferFull() throws IOException {
    writeAt(drained, BUFFER);
    bufferAt += BUFFER;
    buffer.clear();
    drained = 0;
    touched = 0;
  }

  @Override
  void drainBuffered() throws IOException {
    int used = buffer.position();
    if (used == drained) {
      return;
    }
    int end = used;
    if (used > touched) { // into a page not touched yet: all of it
      end = (used + PAGE - 1) / PAGE * PAGE;
      buffer.put(ZEROS.duplicate().limit(end - used)).position(used);
    }
    writeAt(drained, end);
    drained = used;
    touched = Math.max(touched, end);
    int whole = used / PAGE * PAGE;
    if (whole > 0) { // keep only the partial page, at the buffer's start
      ByteBuffer tail = buffer.duplicate().position(whole).limit(used);
      buffer.clear().put(tail);
      bufferAt += whole;
      drained -= whole;
      touched -= whole;
    }
  }

  /** Writes the buffer's bytes from {@code from} to {@code to} where they belong in the file. */
  private void writeAt(int from, int to) throws IOException {
    ByteBuffer src = buffer.duplicate().position(from).limit(to);
    long at = bufferAt + from;
    while (src.hasRemaining()) {
      at += file.write(src, at);
    }
  }

  /** Writes what is buffered and cuts off what follows it: old content, or a page's zeros. */
  @Override
  void finish() throws IOException {
    drainBuffered();
    file.truncate(bufferAt + buffer.position());
  }
}
