package io.strata.server.wal;

import io.strata.common.cell.KeyValue;
import io.strata.common.error.CorruptFileException;
import io.strata.common.proto.WalProtos.WalEntryHeaderProto;
import io.strata.common.proto.WalProtos.WalHeaderProto;
import io.strata.common.util.Bytes;
import io.strata.server.fs.StorageFileSystems;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads the entries of a WAL file in order. The last entry may be torn (the writer died while
 * writing it): reading stops there and {@link #tornTailOffset()} says where. Damage anywhere
 * else (a bad checksum followed by more data, a damaged length) raises
 * {@link CorruptFileException} naming the file and offset: the entries after it are never
 * silently dropped.
 */
public final class WalReader implements Closeable {
  private final Path path;
  private final DataInputStream in;
  private final long fileLength;
  private final WalHeaderProto header;
  private long position;
  private long tornTailOffset = -1;
  private boolean done;

  private WalReader(Path path, DataInputStream in, long fileLength) throws IOException {
    this.path = path;
    this.in = in;
    this.fileLength = fileLength;
    this.header = readFileHeader();
  }

  public static WalReader open(FileSystem fs, Path path) throws IOException {
    long length = fs.getFileStatus(path).getLen();
    DataInputStream in = new DataInputStream(new BufferedInputStream(
        StorageFileSystems.open(fs, path), 1 << 16));
    try {
      return new WalReader(path, in, length);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  private CorruptFileException corrupt(long offset, String problem) {
    return new CorruptFileException(path.toString(), problem + " at offset " + offset);
  }

  private WalHeaderProto readFileHeader() throws IOException {
    byte[] fixed = new byte[16];
    try {
      in.readFully(fixed);
    } catch (EOFException e) {
      // A crash right after creating the file: nothing was acknowledged from it.
      done = true;
      tornTailOffset = 0;
      return WalHeaderProto.getDefaultInstance();
    }
    if (!WalFormat.isMagic(fixed)) {
      throw corrupt(0, "no WAL magic (not a Strata WAL)");
    }
    int version = Bytes.toInt(fixed, 8);
    if (version != WalFormat.VERSION) {
      throw corrupt(8, "WAL format version " + version + "; this Strata reads version "
          + WalFormat.VERSION);
    }
    int len = Bytes.toInt(fixed, 12);
    if (len < 0 || len > 1 << 20) {
      throw corrupt(12, "implausible WAL header length " + len);
    }
    byte[] rest = new byte[len + 4];
    try {
      in.readFully(rest);
    } catch (EOFException e) {
      done = true;
      tornTailOffset = 0;
      return WalHeaderProto.getDefaultInstance();
    }
    byte[] all = Bytes.add(fixed, rest);
    if (WalFormat.crc(all, 0, 16 + len) != Bytes.toInt(all, 16 + len)) {
      throw corrupt(0, "WAL header checksum mismatch");
    }
    position = all.length;
    return WalHeaderProto.parseFrom(java.nio.ByteBuffer.wrap(all, 16, len));
  }

  public WalHeaderProto header() {
    return header;
  }

  /** The next entry, or null at the end of the file (or at a torn last entry). */
  public WalEntry next() throws IOException {
    if (done) {
      return null;
    }
    long start = position;
    byte[] pre = new byte[WalFormat.PREAMBLE];
    int got = readUpTo(pre);
    if (got == 0) {
      done = true;
      return null;
    }
    if (got < pre.length) {
      return torn(start);
    }
    int payloadLength = Bytes.toInt(pre, 0);
    if (WalFormat.crc(pre, 0, 4) != Bytes.toInt(pre, 4) || payloadLength < 0
        || payloadLength > WalFormat.MAX_ENTRY) {
      if (isZeroTail(pre)) {
        return torn(start);
      }
      throw corrupt(start, "damaged WAL entry length");
    }
    byte[] payload = new byte[payloadLength];
    if (readUpTo(payload) < payloadLength) {
      return torn(start);
    }
    position += pre.length + payloadLength;
    if (WalFormat.crc(payload, 0, payloadLength) != Bytes.toInt(pre, 8)) {
      if (position >= fileLength) {
        return torn(start); // the last entry, partly written when the writer died
      }
      throw corrupt(start, "WAL entry checksum mismatch with " + (fileLength - position)
          + " more bytes after it; replay stops here rather than skip data");
    }
    return decode(payload, start);
  }

  private WalEntry decode(byte[] payload, long start) throws CorruptFileException {
    try {
      int[] pos = {0};
      WalEntryHeaderProto h = WalFormat.readEntryHeader(payload, pos, payload.length);
      List<KeyValue> cells = new ArrayList<>(h.getCellCount());
      for (int i = 0; i < h.getCellCount(); i++) {
        KeyValue kv = KeyValue.decode(payload, pos[0], payload.length);
        cells.add(kv);
        pos[0] += kv.getLength();
      }
      if (pos[0] != payload.length) {
        throw new IllegalArgumentException((payload.length - pos[0])
            + " bytes left over after the cells");
      }
      return new WalEntry(h.getRegion(), h.getSequenceId(), h.getWriteTimeMillis(), cells, start);
    } catch (IOException | IllegalArgumentException e) {
      throw corrupt(start, "malformed WAL entry (" + e.getMessage() + ")");
    }
  }

  /** True when the preamble and everything after it are zero bytes (a preallocated tail). */
  private boolean isZeroTail(byte[] pre) throws IOException {
    for (byte b : pre) {
      if (b != 0) {
        return false;
      }
    }
    int c;
    while ((c = in.read()) >= 0) {
      if (c != 0) {
        return false;
      }
    }
    return true;
  }

  private WalEntry torn(long offset) {
    done = true;
    tornTailOffset = offset;
    return null;
  }

  private int readUpTo(byte[] b) throws IOException {
    int n = 0;
    while (n < b.length) {
      int r = in.read(b, n, b.length - n);
      if (r < 0) {
        break;
      }
      n += r;
    }
    return n;
  }

  /** Offset of the torn last entry, or -1 if the file ended cleanly. */
  public long tornTailOffset() {
    return tornTailOffset;
  }

  public Path path() {
    return path;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
