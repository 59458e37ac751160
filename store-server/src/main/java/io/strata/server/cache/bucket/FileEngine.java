package io.strata.server.cache.bucket;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A local file (an SSD, say) as cache space: positional reads and writes through one channel.
 * Reads copy the bytes into heap buffers.
 */
public final class FileEngine implements IOEngine {
  private final Path path;
  private final long capacity;
  private final FileChannel channel;

  public FileEngine(Path path, long capacity) throws IOException {
    if (capacity <= 0) {
      throw new IllegalArgumentException("file engine at " + path + ": capacity " + capacity
          + " must be positive");
    }
    this.path = path;
    this.capacity = capacity;
    this.channel = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
  }

  private void check(long offset, int length) {
    if (offset < 0 || length < 0 || offset + length > capacity) {
      throw new IllegalArgumentException("range [" + offset + ", " + (offset + length)
          + ") is outside the " + capacity + " bytes of cache file " + path);
    }
  }

  @Override
  public long capacity() {
    return capacity;
  }

  @Override
  public void write(ByteBuffer src, long offset) throws IOException {
    check(offset, src.remaining());
    ByteBuffer b = src.duplicate();
    long at = offset;
    while (b.hasRemaining()) {
      at += channel.write(b, at);
    }
  }

  /** The bytes copied from the file into a read-only heap buffer. */
  @Override
  public ByteBuffer read(long offset, int length) throws IOException {
    check(offset, length);
    ByteBuffer b = ByteBuffer.allocate(length);
    long at = offset;
    while (b.hasRemaining()) {
      int n = channel.read(b, at);
      if (n < 0) {
        throw new IOException("cache file " + path + " ends at " + at + ", inside the block at "
            + offset + " of " + length + " bytes");
      }
      at += n;
    }
    return b.flip().asReadOnlyBuffer();
  }

  @Override
  public boolean sharesMemory() {
    return false;
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
