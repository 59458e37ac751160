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
 * <p>Bytes reach the file in aligned {@value #BUFFER}-byte writes (a partial one only on a flush
 * or at the end): a write that covers part of a page the cache no longer holds would make the
 * kernel read that page from disk first. They are gathered in native memory, from which the
 * kernel copies them: a heap array written through {@code RandomAccessFile} was copied once more
 * into a buffer allocated for each write, the WAL's and every flushed file's bytes.
 */
final class OverwritingOutputStream extends BufferedChannelStream {
  static final int BUFFER = 64 * 1024;

  OverwritingOutputStream(File path) throws IOException {
    // Neither TRUNCATE_EXISTING nor APPEND: the old content is written over.
    super(path, FileChannel.open(path.toPath(), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE), ByteBuffer.allocateDirect(BUFFER));
  }

  @Override
  void bufferFull() throws IOException {
    drainBuffered();
  }

  @Override
  void drainBuffered() throws IOException {
    buffer.flip();
    while (buffer.hasRemaining()) {
      file.write(buffer);
    }
    buffer.clear();
  }

  /** Writes what is buffered and cuts off the old content after it. */
  @Override
  void finish() throws IOException {
    drainBuffered();
    file.truncate(file.position());
  }
}
