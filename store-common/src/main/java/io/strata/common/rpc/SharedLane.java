package io.strata.common.rpc;

import io.netty.util.internal.PlatformDependent;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.ThreadLocalRandom;

/**
 * A file both ends of a same-machine connection map, holding one {@link SharedPipe} each way:
 * requests to the server, answers to the client. The client makes it (in memory-backed storage,
 * /dev/shm on Linux), the server maps it by the path the client names, and the client removes
 * the name once both have it mapped, so nothing is left on disk when either process dies.
 *
 * <p>Layout (docs/formats/rpc.md, "Shared-memory lanes"); the header big-endian, the pipes'
 * control words in the machine's own order (both ends are on the one machine):
 *
 * <pre>
 *   0      8 bytes  magic "STRATALN"
 *   8      int      format version (1)
 *   12     int      capacity: data bytes of each pipe, a power of two
 *   4096   the pipe to the server ({@link SharedPipe#CONTROL} + capacity bytes, rounded up to 4096)
 *   ...    the pipe to the client, the same size
 * </pre>
 */
public final class SharedLane {
  /** "STRATALN": a file that is not a lane fails at once. */
  static final long MAGIC = 0x5354524154414C4EL;
  static final int VERSION = 1;
  private static final int PAGE = 4096;
  /** Smallest and largest capacity a lane accepts: a frame larger streams through in parts. */
  public static final int MIN_CAPACITY = 64 * 1024;
  public static final int MAX_CAPACITY = 64 * 1024 * 1024;

  private final Path path;
  private final MappedByteBuffer memory;
  private final SharedPipe toServer;
  private final SharedPipe toClient;

  private SharedLane(Path path, MappedByteBuffer memory, int capacity) {
    this.path = path;
    this.memory = memory;
    int pipeBytes = pipeBytes(capacity);
    this.toServer = new SharedPipe(memory, PAGE, capacity);
    this.toClient = new SharedPipe(memory, PAGE + pipeBytes, capacity);
  }

  private static int pipeBytes(int capacity) {
    return (SharedPipe.CONTROL + capacity + PAGE - 1) / PAGE * PAGE;
  }

  /** Bytes of a lane file whose pipes hold {@code capacity} bytes each. */
  static long fileBytes(int capacity) {
    return PAGE + 2L * pipeBytes(capacity);
  }

  /**
   * Makes a new lane in {@code dir} (readable and writable by this user alone), its pipes of
   * {@code capacity} bytes each (a power of two from {@value #MIN_CAPACITY} to {@value
   * #MAX_CAPACITY}), and maps it.
   */
  public static SharedLane create(Path dir, int capacity) throws IOException {
    checkCapacity(capacity);
    Path path = dir.resolve("strata-lane-" + ProcessHandle.current().pid() + "-"
        + Long.toHexString(ThreadLocalRandom.current().nextLong()));
    Files.createFile(path, PosixFilePermissions.asFileAttribute(
        PosixFilePermissions.fromString("rw-------")));
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ,
        StandardOpenOption.WRITE)) {
      long size = fileBytes(capacity);
      // Every page written now rather than left a hole: a full tmpfs fails this write, and the
      // caller calls through the socket, where touching a hole of the mapping later would fault.
      ByteBuffer zeros = ByteBuffer.allocate(64 * 1024);
      for (long at = 0; at < size; at += zeros.capacity()) {
        zeros.clear().limit((int) Math.min(zeros.capacity(), size - at));
        while (zeros.hasRemaining()) {
          ch.write(zeros, at + zeros.position());
        }
      }
      MappedByteBuffer m = ch.map(FileChannel.MapMode.READ_WRITE, 0, size);
      m.order(ByteOrder.BIG_ENDIAN).putLong(0, MAGIC);
      m.putInt(8, VERSION);
      m.putInt(12, capacity);
      return new SharedLane(path, m, capacity);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(path);
      throw e;
    }
  }

  /**
   * Maps the lane another process made at {@code path}, which must be a regular file of the
   * user {@code uid} (the process at the other end of the connection) that is a lane of this
   * format with pipes of at most {@code maxCapacity} bytes. An IOException says what is wrong.
   */
  public static SharedLane open(Path path, int uid, int maxCapacity) throws IOException {
    if (!Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(path + " is not a regular file; a lane is one");
    }
    int owner = (Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    if (owner != uid) {
      throw new IOException(path + " belongs to user id " + owner + ", not to " + uid
          + " at the other end of the connection");
    }
    try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ,
        StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)) {
      long size = ch.size();
      if (size < PAGE) {
        throw new IOException(path + " holds " + size + " bytes, too few for a lane's header");
      }
      ByteBuffer header = ByteBuffer.allocate(16);
      while (header.hasRemaining() && ch.read(header, header.position()) > 0) {
        // read it all
      }
      if (header.getLong(0) != MAGIC) {
        throw new IOException(path + " is not a shared-memory lane (its first bytes are not"
            + " STRATALN)");
      }
      if (header.getInt(8) != VERSION) {
        throw new IOException(path + " is a lane of format version " + header.getInt(8)
            + "; this release reads version " + VERSION + ": use a client of the same release");
      }
      int capacity = header.getInt(12);
      if (capacity > maxCapacity) {
        throw new IOException(path + " has pipes of " + capacity + " bytes, more than the "
            + maxCapacity + " this end accepts");
      }
      checkCapacity(capacity);
      if (size != fileBytes(capacity)) {
        throw new IOException(path + " holds " + size + " bytes, not the " + fileBytes(capacity)
            + " of a lane with pipes of " + capacity + " bytes");
      }
      return new SharedLane(path, ch.map(FileChannel.MapMode.READ_WRITE, 0, size), capacity);
    }
  }

  private static void checkCapacity(int capacity) throws IOException {
    if (capacity < MIN_CAPACITY || capacity > MAX_CAPACITY || Integer.bitCount(capacity) != 1) {
      throw new IOException("a lane's pipes hold a power of two from " + MIN_CAPACITY + " to "
          + MAX_CAPACITY + " bytes, not " + capacity);
    }
  }

  public Path path() {
    return path;
  }

  /** Requests, from the client to the server. */
  public SharedPipe toServer() {
    return toServer;
  }

  /** Answers, from the server to the client. */
  public SharedPipe toClient() {
    return toClient;
  }

  /**
   * Removes the file's name (the mapping stays, and the memory lives until both ends have
   * dropped theirs): once the other end has mapped it, nothing is left behind whichever process
   * dies first.
   */
  public void unlink() throws IOException {
    Files.deleteIfExists(path);
  }

  /**
   * Unmaps the lane now. Only when no thread of this process can touch it again: an access
   * after this crashes the JVM. Without it the mapping goes when a collection finds it.
   */
  public void unmap() {
    PlatformDependent.freeDirectBuffer(memory);
  }
}
