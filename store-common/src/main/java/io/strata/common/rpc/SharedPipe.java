package io.strata.common.rpc;

import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A one-way stream of bytes from one process to another through memory both have mapped (a
 * {@link SharedLane}): a socket without system calls. On this project's 2-core virtual machine
 * a call's bytes through the local socket cost four of them (a send and a receive each way),
 * 2-4 µs apiece, and a waiting side polls the socket with more; a round trip of 1 KB each way
 * took 8-10 µs between two spinning threads, against 1.5 µs through shared memory
 * ({@code SharedPipeBenchmark}, docs/performance.md).
 *
 * <p>One writer and one reader, each in its own process (or thread). Byte {@code i} of the
 * stream lives at {@code i mod capacity} in the data area; two counters say how many bytes have
 * ever been written and read. The writer copies bytes in, then publishes its count (a release
 * store); the reader acquires that count, copies the bytes out, then publishes its own count, which
 * gives the writer the room back. Each side trusts nothing the other wrote: a count that is not
 * within {@code capacity} of its own is reported as corruption (an IOException), never followed.
 *
 * <p>A reader that finds nothing may sleep on a doorbell of the caller's (the connection's
 * socket). It first calls {@link #prepareToWait}; a writer that has published calls {@link
 * #takeWaiter} and rings the doorbell when that says so. Both put a full fence between their
 * store and their load, so either the reader sees the bytes before it sleeps or the writer sees
 * the reader waiting (no lost wake-up).
 *
 * <p>Layout at {@code base} (docs/formats/rpc.md, "Shared-memory lanes"), native byte order,
 * each control word on a cache line of its own:
 *
 * <pre>
 *   base + 0        long  written: bytes ever written
 *   base + 64       long  read: bytes ever read
 *   base + 128      int   waiting: 1 while the reader sleeps or is about to
 *   base + CONTROL  capacity bytes of data
 * </pre>
 */
public final class SharedPipe {
  /** Bytes before the data area: the control words, a cache line each. */
  public static final int CONTROL = 256;
  private static final int WRITTEN = 0;
  private static final int READ = 64;
  private static final int WAITING = 128;

  private static final VarHandle LONG =
      MethodHandles.byteBufferViewVarHandle(long[].class, ByteOrder.nativeOrder());
  private static final VarHandle INT =
      MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

  private final ByteBuffer memory;
  private final int base;
  private final int data;
  private final int capacity;
  private final int mask;

  /**
   * The pipe at {@code base} of {@code memory} (a direct buffer, 8-byte aligned at {@code
   * base}), with {@code capacity} bytes of data, a power of two. Its counters are taken as they
   * are: zero for a new pipe.
   */
  public SharedPipe(ByteBuffer memory, int base, int capacity) {
    if (!memory.isDirect()) {
      throw new IllegalArgumentException("a shared pipe needs direct (mapped) memory");
    }
    if (capacity <= 0 || Integer.bitCount(capacity) != 1) {
      throw new IllegalArgumentException("a shared pipe's capacity must be a power of two, not "
          + capacity);
    }
    if ((base & 7) != 0 || base < 0 || (long) base + CONTROL + capacity > memory.capacity()) {
      throw new IllegalArgumentException("a pipe of " + capacity + " bytes at " + base
          + " does not fit, aligned, in " + memory.capacity() + " bytes");
    }
    this.memory = memory;
    this.base = base;
    this.data = base + CONTROL;
    this.capacity = capacity;
    this.mask = capacity - 1;
  }

  /** Bytes ever written. Writer's side. */
  public long written() {
    return (long) LONG.get(memory, base + WRITTEN);
  }

  /**
   * Bytes the reader has taken out so far: a writer whose reader is gone learns which of its
   * bytes never reached it. Writer's side.
   */
  public long taken() {
    return (long) LONG.getAcquire(memory, base + READ);
  }

  /** Bytes the reader may take now. Reader's side. */
  public int available() throws IOException {
    long read = (long) LONG.get(memory, base + READ);
    return checked((long) LONG.getAcquire(memory, base + WRITTEN) - read, "written", read);
  }

  /** Bytes the writer may put in now. Writer's side. */
  public int room() throws IOException {
    long written = (long) LONG.get(memory, base + WRITTEN);
    return capacity - checked(written - (long) LONG.getAcquire(memory, base + READ), "read",
        written);
  }

  /** The bytes in the pipe, unless the peer's count says something impossible. */
  private int checked(long held, String peerCount, long own) throws IOException {
    if (held < 0 || held > capacity) {
      throw new IOException("the shared pipe's " + peerCount + " count is " + held
          + " bytes away from this side's " + own + ", not within its " + capacity
          + " bytes: the other process wrote over the shared memory; close the connection");
    }
    return (int) held;
  }

  /**
   * Copies as much of {@code src}'s remaining bytes as there is room for into the pipe and
   * publishes them; returns how many (0 when the pipe is full). Writer's side.
   */
  public int write(ByteBuffer src) throws IOException {
    int n = Math.min(src.remaining(), room());
    if (n == 0) {
      return 0;
    }
    long written = (long) LONG.get(memory, base + WRITTEN);
    int at = (int) written & mask;
    int first = Math.min(n, capacity - at);
    memory.put(data + at, src, src.position(), first);
    if (n > first) {
      memory.put(data, src, src.position() + first, n - first);
    }
    src.position(src.position() + n);
    LONG.setRelease(memory, base + WRITTEN, written + n);
    return n;
  }

  /** As {@link #write(ByteBuffer)} from {@code b[off, off + len)}. */
  public int write(byte[] b, int off, int len) throws IOException {
    return write(ByteBuffer.wrap(b, off, len));
  }

  /**
   * Copies as many bytes as {@code dst} has room for and the pipe holds into {@code dst} and
   * gives their room back to the writer; returns how many (0 when the pipe is empty). Reader's
   * side.
   */
  public int read(ByteBuffer dst) throws IOException {
    int n = Math.min(dst.remaining(), available());
    if (n == 0) {
      return 0;
    }
    long read = (long) LONG.get(memory, base + READ);
    int at = (int) read & mask;
    int first = Math.min(n, capacity - at);
    dst.put(dst.position(), memory, data + at, first);
    if (n > first) {
      dst.put(dst.position() + first, memory, data, n - first);
    }
    dst.position(dst.position() + n);
    LONG.setRelease(memory, base + READ, read + n);
    return n;
  }

  /**
   * The reader is about to sleep: marks it waiting, then looks again. Returns true when the pipe
   * is still empty (sleep; a writer will {@linkplain #takeWaiter take} the mark and ring), false
   * when bytes came meanwhile (the mark is cleared; read them). Reader's side.
   */
  public boolean prepareToWait() throws IOException {
    INT.setVolatile(memory, base + WAITING, 1);
    VarHandle.fullFence();
    if (available() > 0) {
      INT.setVolatile(memory, base + WAITING, 0);
      return false;
    }
    return true;
  }

  /** Whether the reader is marked waiting: it sleeps, or is about to. Either side. */
  public boolean readerWaiting() {
    return (int) INT.getVolatile(memory, base + WAITING) != 0;
  }

  /** The reader is awake again (rung, or done sleeping): clears its mark. Reader's side. */
  public void doneWaiting() {
    INT.setVolatile(memory, base + WAITING, 0);
  }

  /**
   * After publishing: whether the reader was marked waiting, clearing the mark. True means the
   * caller must ring the reader's doorbell (once: the mark is gone until it waits again).
   * Writer's side.
   */
  public boolean takeWaiter() {
    VarHandle.fullFence();
    return (int) INT.getVolatile(memory, base + WAITING) != 0
        && INT.compareAndSet(memory, base + WAITING, 1, 0);
  }
}
