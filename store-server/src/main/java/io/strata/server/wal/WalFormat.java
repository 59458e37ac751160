package io.strata.server.wal;

import com.google.protobuf.InvalidProtocolBufferException;
import io.strata.common.cell.Cell;
import io.strata.common.cell.CellKeys;
import io.strata.common.cell.KeyValue;
import io.strata.common.proto.WalProtos.WalEntryHeaderProto;
import io.strata.common.proto.WalProtos.WalHeaderProto;
import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;
import io.strata.common.util.VarInts;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The WAL file format, specified in docs/formats/wal.md. Version 2 (written):
 *
 * <pre>
 * file   := magic "STRATAWL" | version u32 | header length u32 | WalHeaderProto | crc32c u32
 *           entry*
 * entry  := payload length u32 | salt u32 | crc32c(length, salt) u32 | crc32c(payload) u32
 *           | payload
 * payload:= header length vint | WalEntryHeaderProto | cells in the key encoding
 * </pre>
 *
 * The length has its own checksum so that a damaged length is told apart from a torn tail; the
 * salt (the file's, from its header) tells the file's entries from those an earlier life of a
 * recycled file left after them. Version 1 (still read) has no salt: a 12-byte preamble of
 * length, crc32c(length) and crc32c(payload).
 */
final class WalFormat {
  static final byte[] MAGIC = "STRATAWL".getBytes(StandardCharsets.US_ASCII);
  static final int VERSION = 2;
  /** Bytes before an entry's payload, version 2. */
  static final int PREAMBLE = 16;
  static final int PREAMBLE_V1 = 12;
  /** Larger payloads are refused on write and taken as damage on read. */
  static final int MAX_ENTRY = 256 * 1024 * 1024;

  private WalFormat() {}

  static byte[] fileHeader(WalHeaderProto header) {
    byte[] h = header.toByteArray();
    ByteOutput out = new ByteOutput(20 + h.length);
    out.write(MAGIC);
    out.writeInt(VERSION);
    out.writeInt(h.length);
    out.write(h);
    out.writeInt(crc(out.array(), 0, out.size()));
    return out.toByteArray();
  }

  static int crc(byte[] b, int off, int len) {
    CRC32C c = new CRC32C();
    c.update(b, off, len);
    return (int) c.getValue();
  }

  /**
   * Appends one entry to {@code out}, unsealed: its salt and length checksum are written by
   * {@link #seal} once the file it goes to is known. The cells are written by {@code
   * cellWriter}, which adds {@code cellCount} cells in the key encoding.
   */
  static void writeEntry(ByteOutput out, String region, long seqId, long writeTime, int cellCount,
      java.util.function.Consumer<ByteOutput> cellWriter) {
    int start = out.size();
    writeUnsealedHead(out, region, seqId, writeTime, cellCount);
    cellWriter.accept(out);
    int payloadLength = checkedLength(out.size() - start - PREAMBLE);
    byte[] b = out.array();
    Bytes.putInt(b, start, payloadLength);
    Bytes.putInt(b, start + 12, crc(b, start + PREAMBLE, payloadLength));
  }

  /** An unsealed preamble, then the payload's entry header. */
  private static void writeUnsealedHead(ByteOutput out, String region, long seqId,
      long writeTime, int cellCount) {
    out.writeInt(0);
    out.writeInt(0);
    out.writeInt(0);
    out.writeInt(0);
    byte[] header = WalEntryHeaderProto.newBuilder().setRegion(region).setSequenceId(seqId)
        .setWriteTimeMillis(writeTime).setCellCount(cellCount).build().toByteArray();
    out.writeVarInt(header.length);
    out.write(header);
  }

  private static int checkedLength(long payloadLength) {
    if (payloadLength > MAX_ENTRY) {
      throw new IllegalArgumentException("a WAL entry of " + payloadLength + " bytes exceeds the "
          + MAX_ENTRY + "-byte limit; write fewer or smaller cells at once");
    }
    return (int) payloadLength;
  }

  /**
   * Appends the entry of one edit of {@code cells} to what {@code out} holds, unsealed. When the
   * cells are all {@link KeyValue}s (each its encoded bytes in one array) only its head: the
   * preamble, with the payload's length and checksum read from the cells where they lie, and
   * the entry header; the caller writes the cells after it from where they lie, and this returns
   * true. Otherwise the whole entry ({@link #writeEntry}), and false. The bytes of a write
   * buffer's batch (2 MB) were copied into an array here and from it into the file's buffer:
   * this leaves out the first copy, reading the cells once for their checksum instead.
   */
  static boolean appendEntry(ByteOutput out, String region, long seqId, long writeTime,
      List<? extends Cell> cells) {
    long cellBytes = 0;
    for (int i = 0, n = cells.size(); i < n; i++) {
      if (!(cells.get(i) instanceof KeyValue kv)) {
        writeEntry(out, region, seqId, writeTime, cells.size(),
            o -> cells.forEach(c -> CellKeys.writeCell(c, o)));
        return false;
      }
      cellBytes += kv.getLength();
    }
    int start = out.size();
    writeUnsealedHead(out, region, seqId, writeTime, cells.size());
    int headerLength = out.size() - start - PREAMBLE;
    CRC32C payload = new CRC32C();
    payload.update(out.array(), start + PREAMBLE, headerLength);
    forEachRun(cells, payload::update);
    byte[] b = out.array();
    Bytes.putInt(b, start, checkedLength(headerLength + cellBytes));
    Bytes.putInt(b, start + 12, (int) payload.getValue());
    return true;
  }

  /** Takes a run of cells' bytes, {@code b[off, off + len)}. */
  @FunctionalInterface
  interface CellRun<E extends Exception> {
    void take(byte[] b, int off, int len) throws E;
  }

  /**
   * Hands {@code to} the bytes of {@code cells} (each a {@link KeyValue}) in order, each run of
   * cells that lie back to back in one array (a request's cell block holds a batch's 2,000 that
   * way) in one piece: a checksum update or a write per cell cost a buffered write's WAL a call
   * down the stream (with a lookup of the file system's per-thread statistics) for each row.
   */
  static <E extends Exception> void forEachRun(List<? extends Cell> cells, CellRun<E> to)
      throws E {
    byte[] run = null;
    int runStart = 0;
    int runEnd = 0;
    for (int i = 0, n = cells.size(); i < n; i++) {
      KeyValue kv = (KeyValue) cells.get(i);
      if (kv.getBuffer() != run || kv.getOffset() != runEnd) {
        if (run != null) {
          to.take(run, runStart, runEnd - runStart);
        }
        run = kv.getBuffer();
        runStart = kv.getOffset();
      }
      runEnd = kv.getOffset() + kv.getLength();
    }
    if (run != null) {
      to.take(run, runStart, runEnd - runStart);
    }
  }

  /** The whole length of the entry that starts at {@code b[at]}: preamble, header and cells. */
  static long entryLength(byte[] b, int at) {
    return PREAMBLE + Bytes.toInt(b, at);
  }

  /**
   * Gives every entry in {@code b[0, length)}, whole entries written by {@link #writeEntry},
   * the salt of the file they are about to be written to, and the checksum of their length and
   * salt. Sealed again for another file (after a failed write), they are that file's.
   */
  static void seal(byte[] b, int length, int salt) {
    seal(b, 0, length, salt);
  }

  /**
   * As {@link #seal(byte[], int, int)}, the entries starting in {@code b[from, to)}: whole ones,
   * or one head of {@link #appendEntry} (its cells follow elsewhere).
   */
  static void seal(byte[] b, int from, int to, int salt) {
    for (int at = from; at < to; at += PREAMBLE + Bytes.toInt(b, at)) {
      Bytes.putInt(b, at + 4, salt);
      Bytes.putInt(b, at + 8, crc(b, at, 8));
    }
  }

  /**
   * Whether {@code b[at, at + 12)} starts a sealed entry of the file with {@code salt}: its
   * salt and length checksum match and the length is possible.
   */
  static boolean isSealed(byte[] b, int at, int salt) {
    int length = Bytes.toInt(b, at);
    return Bytes.toInt(b, at + 4) == salt && length >= 0 && length <= MAX_ENTRY
        && crc(b, at, 8) == Bytes.toInt(b, at + 8);
  }

  /** Parses the entry header at the start of a payload; returns it, setting pos past it. */
  static WalEntryHeaderProto readEntryHeader(byte[] payload, int[] pos, int limit)
      throws InvalidProtocolBufferException {
    int len = VarInts.readVarInt(payload, pos, limit);
    if (pos[0] + len > limit) {
      throw new InvalidProtocolBufferException("entry header runs past the entry");
    }
    WalEntryHeaderProto h = WalEntryHeaderProto.parseFrom(
        java.nio.ByteBuffer.wrap(payload, pos[0], len));
    pos[0] += len;
    return h;
  }

  static boolean isMagic(byte[] b) {
    return Arrays.equals(b, 0, MAGIC.length, MAGIC, 0, MAGIC.length);
  }
}
