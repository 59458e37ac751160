package io.strata.server.blockfile;

import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;
import java.util.Arrays;
import java.util.zip.CRC32C;

/**
 * The fixed-size end of a block file, read first on open:
 *
 * <pre>
 *  0  magic "STRATABF"        36  bloom index offset u64 (0 = none)
 *  8  format version u32      44  bloom index size u32
 * 12  data end u64            48  file info offset u64
 * 20  root index offset u64   56  file info size u32
 * 28  root index size u32     60  data block count u64
 * 32  index levels u32        68  crc32c of bytes 0..67 u32
 * </pre>
 */
record Trailer(int version, long dataEnd, BlockHandle rootIndex, int indexLevels,
    BlockHandle bloomIndex, BlockHandle fileInfo, long dataBlockCount) {
  static final int SIZE = 72;

  byte[] encode() {
    ByteOutput out = new ByteOutput(SIZE);
    out.write(BlockFormat.MAGIC);
    out.writeInt(version);
    out.writeLong(dataEnd);
    out.writeLong(rootIndex.offset());
    out.writeInt(rootIndex.size());
    out.writeInt(indexLevels);
    out.writeLong(bloomIndex == null ? 0 : bloomIndex.offset());
    out.writeInt(bloomIndex == null ? 0 : bloomIndex.size());
    out.writeLong(fileInfo.offset());
    out.writeInt(fileInfo.size());
    out.writeLong(dataBlockCount);
    CRC32C crc = new CRC32C();
    crc.update(out.array(), 0, out.size());
    out.writeInt((int) crc.getValue());
    return out.toByteArray();
  }

  /** Parses and checks a trailer; the message of the exception says what is wrong. */
  static Trailer decode(byte[] b) {
    if (!Arrays.equals(b, 0, 8, BlockFormat.MAGIC, 0, 8)) {
      throw new IllegalArgumentException("no block file trailer magic at the end of the file "
          + "(not a Strata block file, or truncated)");
    }
    CRC32C crc = new CRC32C();
    crc.update(b, 0, SIZE - 4);
    int stored = Bytes.toInt(b, SIZE - 4);
    if (stored != (int) crc.getValue()) {
      throw new IllegalArgumentException(String.format(
          "trailer checksum mismatch: stored 0x%08x, computed 0x%08x", stored, (int) crc.getValue()));
    }
    int version = Bytes.toInt(b, 8);
    if (version != BlockFormat.VERSION) {
      throw new IllegalArgumentException("block file format version " + version
          + "; this Strata reads version " + BlockFormat.VERSION);
    }
    long bloomOffset = Bytes.toLong(b, 36);
    int bloomSize = Bytes.toInt(b, 44);
    return new Trailer(version, Bytes.toLong(b, 12),
        new BlockHandle(Bytes.toLong(b, 20), Bytes.toInt(b, 28)), Bytes.toInt(b, 32),
        bloomSize == 0 ? null : new BlockHandle(bloomOffset, bloomSize),
        new BlockHandle(Bytes.toLong(b, 48), Bytes.toInt(b, 56)), Bytes.toLong(b, 60));
  }
}
