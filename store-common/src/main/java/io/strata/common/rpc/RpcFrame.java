package io.strata.common.rpc;

import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.MessageLite;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.util.Arrays;

/**
 * One frame of the RPC protocol (docs/formats/rpc.md, version {@value #VERSION}): after the
 * 4-byte length the frame decoder strips,
 *
 * <pre>
 * header length u32 | header (protobuf) | param length u32 | param (protobuf) | cell block
 * </pre>
 *
 * The cell block is what remains of the frame. Requests carry a RequestHeaderProto, answers a
 * ResponseHeaderProto; the connection's first frame is a ConnectionHeaderProto with no param.
 */
public record RpcFrame(byte[] header, byte[] param, byte[] cellBlock) {
  /** Bytes every connection starts with: "STRA". */
  public static final byte[] MAGIC = {'S', 'T', 'R', 'A'};
  /** Protocol version, sent after the magic. */
  public static final int VERSION = 1;
  /**
   * Version 1 whose connection header may name a shared-memory lane and is answered by one byte
   * ({@link #LANE_TAKEN} or {@link #LANE_REFUSED}): a client offering a lane says so here, so a
   * server of an earlier release refuses the preamble at once (the client then calls over TCP)
   * instead of leaving the client to wait for an answer it never sends.
   */
  public static final int LANE_VERSION = 2;
  /** The server's answer to a lane version's header: it mapped the lane. */
  public static final byte LANE_TAKEN = 'L';
  /** The server's answer to a lane version's header: the calls stay on the socket. */
  public static final byte LANE_REFUSED = 'S';
  /** Magic and version. */
  public static final int PREAMBLE_LENGTH = 5;

  /**
   * The bytes {@link #write} adds for this frame, its length prefix included: the capacity to
   * ask a buffer for, so a large batch's frame is allocated once at its size instead of grown by
   * doubling (a 2 MB write buffer's frame grew to a 4 MB buffer, a whole pool chunk of Netty's
   * allocator, made and zeroed anew for nearly every call).
   */
  public static int frameSize(MessageLite header, MessageLite param, byte[] cellBlock) {
    return messagesSize(header, param(param)) + (cellBlock == null ? 0 : cellBlock.length);
  }

  /** As {@link #frameSize(MessageLite, MessageLite, byte[])}, for cells still to encode. */
  public static int frameSize(MessageLite header, MessageLite param, CellBlock.Writer cells) {
    return frameSize(header, param(param), cells);
  }

  /** As {@link #frameSize(MessageLite, MessageLite, CellBlock.Writer)}, for any parameter. */
  public static int frameSize(MessageLite header, RpcParam param, CellBlock.Writer cells) {
    return frameSize(RpcParam.of(header), param, cells);
  }

  /** As {@link #frameSize(MessageLite, RpcParam, CellBlock.Writer)}, for any header. */
  public static int frameSize(RpcParam header, RpcParam param, CellBlock.Writer cells) {
    return messagesSize(header, param) + (cells == null ? 0 : cells.size());
  }

  private static RpcParam param(MessageLite m) {
    return m == null ? null : RpcParam.of(m);
  }

  private static int messagesSize(MessageLite header, RpcParam param) {
    return messagesSize(RpcParam.of(header), param);
  }

  private static int messagesSize(RpcParam header, RpcParam param) {
    return 4 + 4 + header.serializedSize() + 4 + (param == null ? 0 : param.serializedSize());
  }

  /** Writes a whole frame, length prefix included. */
  public static void write(ByteBuf out, MessageLite header, MessageLite param, byte[] cellBlock) {
    int cells = cellBlock == null ? 0 : cellBlock.length;
    writeMessages(out, header, param(param), cells);
    if (cells > 0) {
      out.writeBytes(cellBlock);
    }
  }

  /** Writes a whole frame, encoding the cells straight into {@code out}. */
  public static void write(ByteBuf out, MessageLite header, MessageLite param,
      CellBlock.Writer cells) {
    write(out, header, param(param), cells);
  }

  /** As {@link #write(ByteBuf, MessageLite, MessageLite, CellBlock.Writer)}, any parameter. */
  public static void write(ByteBuf out, MessageLite header, RpcParam param,
      CellBlock.Writer cells) {
    write(out, RpcParam.of(header), param, cells);
  }

  /** As {@link #write(ByteBuf, MessageLite, RpcParam, CellBlock.Writer)}, any header. */
  public static void write(ByteBuf out, RpcParam header, RpcParam param,
      CellBlock.Writer cells) {
    int n = cells == null ? 0 : cells.size();
    writeMessages(out, header, param, n);
    if (n > 0) {
      cells.writeTo(out);
    }
  }

  private static void writeMessages(ByteBuf out, MessageLite header, RpcParam param,
      int cellBytes) {
    writeMessages(out, RpcParam.of(header), param, cellBytes);
  }

  private static void writeMessages(ByteBuf out, RpcParam header, RpcParam param,
      int cellBytes) {
    int h = header.serializedSize();
    int p = param == null ? 0 : param.serializedSize();
    out.writeInt(4 + h + 4 + p + cellBytes);
    out.writeInt(h);
    writeMessage(out, header, h);
    out.writeInt(p);
    if (p > 0) {
      writeMessage(out, param, p);
    }
  }

  /**
   * Serializes {@code m} ({@code size} bytes) in place: a write buffer's request message is
   * some 80 KB, which went through an array of its own first.
   */
  private static void writeMessage(ByteBuf out, RpcParam m, int size) {
    out.ensureWritable(size);
    CodedOutputStream cos;
    byte[] array = null;
    if (out.hasArray()) { // no ByteBuffer view to make
      cos = CodedOutputStream.newInstance(out.array(), out.arrayOffset() + out.writerIndex(),
          size);
    } else if (out.nioBufferCount() == 1) {
      cos = CodedOutputStream.newInstance(out.nioBuffer(out.writerIndex(), size));
    } else {
      array = new byte[size];
      cos = CodedOutputStream.newInstance(array);
    }
    try {
      m.writeTo(cos);
      cos.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new IllegalStateException("a " + size + "-byte message did not fill its "
          + size + " bytes; was it changed while being sent?", e);
    }
    if (array != null) {
      out.writeBytes(array);
    } else {
      out.writerIndex(out.writerIndex() + size);
    }
  }

  /**
   * Splits a frame's body (its length prefix already removed); a body whose lengths do not add
   * up is refused with a message saying which.
   */
  public static RpcFrame read(ByteBuf body) throws InvalidProtocolBufferException {
    int total = body.readableBytes();
    refuse(tooShort(total));
    int h = body.readInt();
    refuse(badHeaderLength(total, h));
    byte[] header = new byte[h];
    body.readBytes(header);
    int p = body.readInt();
    refuse(badParamLength(total, h, p));
    byte[] param = new byte[p];
    body.readBytes(param);
    byte[] cells = new byte[body.readableBytes()];
    body.readBytes(cells);
    return new RpcFrame(header, param, cells);
  }

  private static void refuse(String why) throws InvalidProtocolBufferException {
    if (why != null) {
      throw new InvalidProtocolBufferException(why);
    }
  }

  /**
   * Why a frame of {@code total} bytes after its length prefix cannot be one, or null if it
   * can: it needs room for its two length fields. With {@link #badHeaderLength} and {@link
   * #badParamLength}, the checks every reader of frames makes, as each length arrives.
   */
  public static String tooShort(long total) {
    return total < 8 ? "an RPC frame of " + total
        + " bytes is too short for its two length fields" : null;
  }

  /** Why such a frame cannot have a header of {@code h} bytes, or null if it can. */
  public static String badHeaderLength(long total, int h) {
    return h < 0 || h > total - 8 ? "an RPC frame of " + total + " bytes says its header has "
        + h : null;
  }

  /**
   * Why such a frame, its header {@code h} bytes, cannot have a parameter of {@code p} bytes, or
   * null if it can.
   */
  public static String badParamLength(long total, int h, int p) {
    return p < 0 || p > total - 8 - h ? "an RPC frame of " + total
        + " bytes says its parameter has " + p : null;
  }

  /** Whether {@code bytes} start with the magic and a version this release speaks. */
  public static boolean isPreamble(byte[] bytes) {
    return bytes.length == PREAMBLE_LENGTH && Arrays.equals(bytes, 0, 4, MAGIC, 0, 4)
        && (bytes[4] == VERSION || bytes[4] == LANE_VERSION);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RpcFrame f && Arrays.equals(header, f.header)
        && Arrays.equals(param, f.param) && Arrays.equals(cellBlock, f.cellBlock);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(header) * 31 + Arrays.hashCode(param);
  }

  @Override
  public String toString() {
    return "RpcFrame{header=" + header.length + " bytes, param=" + param.length
        + " bytes, cells=" + cellBlock.length + " bytes}";
  }
}
