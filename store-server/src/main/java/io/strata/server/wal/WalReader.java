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
 * Reads the entries of a WAL file in order, format version 1 or 2. The last entry may be torn
 * (the writer died while writing it): reading stops there and {@link #tornTailOffset()} says
 * where. Damage anywhere else raises {@link CorruptFileException} naming the file and offset:
 * the entries after it are never silently dropped.
 *
 * <p>Version 2 files may be recycled ones, whose earlier contents follow the entries: the
 * entries end at the first preamble that is not sealed with the file's salt, or whose payload
 * fails its checksum, unless an entry sealed with the salt comes anywhere after it, which makes
 * it damage. Version 1 files end where the bytes do (or at zero bytes): a bad checksum with
 * more data after it is damage.
 */
public final class WalReader implements Closeable {
  private final FileSystem fs;
  private final Path path;
  private final DataInputStream in;
  private final long fileLength;
  private int version;
  private int salt;
  private final WalHeaderProto header;
  private long position;
  private long tornTailOffset = -1;
  private boolean done;

  private WalReader(FileSystem fs, Path path, DataInputStream in, long fileLength)
      throws IOException {
    this.fs = fs;
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
      return new WalReader(fs, path, in, length);
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
    version = Bytes.toInt(fixed, 8);
    if (version != 1 && version != WalFormat.VERSION) {
      throw corrupt(8, "WAL format version " + version + "; this Strata reads versions 1 to "
          + WalFormat.VERSION + " (a newer Strata wrote it: replay it with that version)");
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
    WalHeaderProto h = WalHeaderProto.parseFrom(java.nio.ByteBuffer.wrap(all, 16, len));
    salt = h.getSalt();
    return h;
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
    byte[] pre = new byte[version == 1 ? WalFormat.PREAMBLE_V1 : WalFormat.PREAMBLE];
    int got = readUpTo(pre);
    if (got == 0) {
      done = true;
      return null;
    }
    if (got < pre.length) {
      return torn(start);
    }
    int payloadLength = Bytes.toInt(pre, 0);
    boolean sealed = version == 1
        ? WalFormat.crc(pre, 0, 4) == Bytes.toInt(pre, 4) && payloadLength >= 0
            && payloadLength <= WalFormat.MAX_ENTRY
        : WalFormat.isSealed(pre, 0, salt);
    if (!sealed) {
      if (version == 1) {
        if (isZeroTail(pre)) {
          return torn(start);
        }
        throw corrupt(start, "damaged WAL entry length");
      }
      return endOrDamage(start, "damaged WAL entry preamble");
    }
    byte[] payload = new byte[payloadLength];
    if (readUpTo(payload) < payloadLength) {
      return torn(start);
    }
    position += pre.length + payloadLength;
    if (WalFormat.crc(payload, 0, payloadLength) != Bytes.toInt(pre, pre.length - 4)) {
      if (version != 1) {
        return endOrDamage(start, "WAL entry checksum mismatch");
      }
      if (position >= fileLength) {
        return torn(start); // the last entry, partly written when the writer died
      }
      throw corrupt(start, "WAL entry checksum mismatch with " + (fileLength - position)
          + " more bytes after it; replay stops here rather than skip data");
    }
    return decode(payload, start);
  }

  /**
   * Version 2, at {@code start}, where what follows is not an entry of the file: the end of its
   * entries (a torn last entry, or a recycled file's earlier contents), unless an entry of the
   * file comes after it.
   */
  private WalEntry endOrDamage(long start, String problem) throws IOException {
    long next = nextSealedEntry(start + 1);
    if (next >= 0) {
      throw corrupt(start, problem + " with an entry of this file at offset " + next
          + " after it; replay stops here rather than skip data");
    }
    return torn(start);
  }

  /** The first offset at or after {@code from} where a preamble sealed with the salt starts. */
  private long nextSealedEntry(long from) throws IOException {
    try (java.io.InputStream scan = StorageFileSystems.open(fs, path)) {
      scan.skipNBytes(from);
      byte[] buf = new byte[1 << 16];
      int have = 0;
      long base = from;
      while (true) {
        int r = scan.read(buf, have, buf.length - have);
        if (r > 0) {
          have += r;
        }
        for (int i = 0; i + 12 <= have; i++) {
          if (Bytes.toInt(buf, i + 4) == salt && WalFormat.isSealed(buf, i, salt)) {
            return base + i;
          }
        }
        if (r < 0) {
          return -1;
        }
        int keep = Math.min(have, 11); // a preamble may straddle the next read
        System.arraycopy(buf, have - keep, buf, 0, keep);
        base += have - keep;
        have = keep;
      }
    } catch (EOFException e) {
      return -1; // the file is shorter than when it was opened
    }
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
