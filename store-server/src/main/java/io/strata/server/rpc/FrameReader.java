package io.strata.server.rpc;

import io.netty.buffer.ByteBuf;
import io.strata.common.rpc.RpcFrame;

/**
 * Splits a connection's inbound bytes into its preamble and its frames ({@link RpcFrame}: length,
 * header length, header, parameter length, parameter, cell block), copying each read's bytes
 * straight into the array they end in, as they arrive.
 *
 * <p>A write buffer's 2 MB batch arrives in some thirty reads. Kept until the frame was whole,
 * they were thirty pooled buffers that the kernel had written some time before, so the copy into
 * the batch's array read them from memory, and freeing them at the end took the pool's slow
 * path; the machinery (a composite buffer over the reads, the pool's chunk bookkeeping) was also
 * a quarter of what a fresh server's C2 compiled during its first write. Copied as it comes, each
 * read is still in the processor's caches, and its buffer goes back to the pool at once, to be
 * the next read's.
 *
 * <p>Not thread-safe: the connection's event loop alone feeds it.
 */
final class FrameReader {
  /** What the reader finds, in the order the bytes hold it. */
  interface Sink {
    /**
     * The connection's first {@link RpcFrame#PREAMBLE_LENGTH} bytes. Returns false if the
     * connection is ending: nothing after them is read.
     */
    boolean preamble(byte[] preamble);

    /** A frame longer than the server takes; nothing after its length is read. */
    void tooLarge(long length);

    /**
     * Whether the server takes a frame of {@code length} bytes (after its length field) now. If
     * not, its header is read and handed to {@link #refused}, and the rest skipped as it comes.
     */
    boolean admit(long length);

    /** The header of a frame {@link #admit} did not take; its rest is skipped. */
    void refused(byte[] header);

    /** A frame whose lengths do not add up, said in {@code why}; nothing after it is read. */
    void malformed(String why);

    /**
     * A frame's header and parameter. Returns the array its cell block ({@code cellsLength}
     * bytes, possibly none) is to be read into, from its start, or null to skip the cell block;
     * {@link #stop} here reads nothing more.
     */
    byte[] messages(byte[] header, byte[] param, int cellsLength);

    /** The cell block of the frame whose {@link #messages} gave an array is all in it. */
    void cells();
  }

  private enum Part { PREAMBLE, LENGTH, HEADER_LENGTH, HEADER, PARAM_LENGTH, PARAM, CELLS }

  /**
   * The longest request header a server reads: a call id, a method name, a timeout and a
   * priority take tens of bytes. Bounds what a frame the server does not admit still costs.
   */
  static final int MAX_HEADER = 64 * 1024;

  private final Sink sink;
  private final long maxFrame;
  /** The length fields and the preamble, read in here. */
  private final byte[] small = new byte[RpcFrame.PREAMBLE_LENGTH];
  private Part part = Part.PREAMBLE;
  /** Where the bytes of the part being read go (null: skipped), how many it has, needs. */
  private byte[] into = small;
  private int filled;
  private int wanted = RpcFrame.PREAMBLE_LENGTH;
  /** The length of the frame being read, after its length field. */
  private long frameLength;
  private byte[] header;
  private byte[] param;
  /** The frame being read was not admitted: its header is read, the rest skipped. */
  private boolean refused;
  private boolean stopped;
  /** Bytes taken so far, the preamble's included. */
  private long bytesRead;

  /** A reader of frames of at most {@code maxFrame} bytes after their length field. */
  FrameReader(Sink sink, long maxFrame) {
    this.sink = sink;
    this.maxFrame = maxFrame;
  }

  /** Reads nothing more: the connection is ending. */
  void stop() {
    stopped = true;
  }

  /**
   * Takes all of {@code in}'s readable bytes, dropping any after a stop (the caller releases
   * it).
   */
  void read(ByteBuf in) {
    while (in.isReadable()) {
      if (stopped) {
        in.skipBytes(in.readableBytes());
        return;
      }
      int n = Math.min(wanted - filled, in.readableBytes());
      if (into != null) {
        in.readBytes(into, filled, n);
      } else {
        in.skipBytes(n);
      }
      filled += n;
      bytesRead += n;
      while (!stopped && filled == wanted) {
        next();
      }
    }
  }

  /** The part being read is whole: acts on it and starts the next. */
  private void next() {
    switch (part) {
      case PREAMBLE -> {
        byte[] preamble = small.clone();
        if (!sink.preamble(preamble)) {
          stopped = true;
          return;
        }
        expect(Part.LENGTH, small, 4);
      }
      case LENGTH -> {
        frameLength = Integer.toUnsignedLong(intAt(small));
        if (frameLength > maxFrame) {
          stopped = true;
          sink.tooLarge(frameLength);
        } else if (!malformed(RpcFrame.tooShort(frameLength))) {
          refused = !sink.admit(frameLength);
          expect(Part.HEADER_LENGTH, small, 4);
        }
      }
      case HEADER_LENGTH -> {
        int h = intAt(small);
        if (!malformed(RpcFrame.badHeaderLength(frameLength, h)) && !malformed(h > MAX_HEADER
            ? "a request header of " + h + " bytes is longer than the " + MAX_HEADER
                + " bytes a header may have" : null)) {
          header = new byte[h];
          expect(Part.HEADER, header, h);
        }
      }
      case HEADER -> {
        if (refused) { // answered now; the rest of the frame is skipped as it comes
          sink.refused(header);
          int rest = (int) (frameLength - 4 - header.length);
          header = null;
          if (!stopped) {
            expect(Part.CELLS, null, rest);
          }
        } else {
          expect(Part.PARAM_LENGTH, small, 4);
        }
      }
      case PARAM_LENGTH -> {
        int p = intAt(small);
        if (!malformed(RpcFrame.badParamLength(frameLength, header.length, p))) {
          param = new byte[p];
          expect(Part.PARAM, param, p);
        }
      }
      case PARAM -> {
        int cellsLength = (int) (frameLength - 8 - header.length - param.length);
        byte[] cells = sink.messages(header, param, cellsLength);
        header = null;
        param = null;
        if (!stopped) {
          expect(Part.CELLS, cells, cellsLength);
        }
      }
      case CELLS -> {
        boolean read = into != null;
        expect(Part.LENGTH, small, 4);
        if (read) {
          sink.cells();
        }
      }
      default -> throw new IllegalStateException("no part " + part);
    }
  }

  /** Bytes taken so far, the preamble's included. */
  long bytesRead() {
    return bytesRead;
  }

  /** Whether a frame is partly read: its length is in and it is not yet whole. */
  boolean midFrame() {
    return part != Part.PREAMBLE && !(part == Part.LENGTH && filled == 0);
  }

  private void expect(Part next, byte[] array, int length) {
    part = next;
    into = array;
    filled = 0;
    wanted = length;
  }

  /** Whether {@code why} says the frame is malformed; then reads nothing more. */
  private boolean malformed(String why) {
    if (why == null) {
      return false;
    }
    stopped = true;
    sink.malformed(why);
    return true;
  }

  private static int intAt(byte[] b) {
    return (b[0] & 0xff) << 24 | (b[1] & 0xff) << 16 | (b[2] & 0xff) << 8 | (b[3] & 0xff);
  }
}
