package io.strata.server.blockfile;

import io.strata.common.util.ByteOutput;
import io.strata.common.util.Bytes;
import io.strata.server.compress.BlockCompressor;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.CRC32C;

/** Frames payloads as blocks (header, payload, CRC32C) and writes them in order. */
final class BlockWriter {
  private final OutputStream out;
  private final byte[] header = new byte[BlockFormat.HEADER_SIZE];
  private final byte[] checksum = new byte[BlockFormat.CHECKSUM_SIZE];
  private long position;

  BlockWriter(OutputStream out) {
    this.out = out;
  }

  long position() {
    return position;
  }

  BlockHandle write(BlockType type, BlockCompressor codec, int encodingId, ByteOutput payload)
      throws IOException {
    byte[] stored = payload.array();
    int storedLength = payload.size();
    if (codec.id() != 0) {
      stored = codec.compress(payload.array(), 0, payload.size());
      storedLength = stored.length;
    }
    header[0] = (byte) type.code();
    header[1] = (byte) codec.id();
    header[2] = (byte) encodingId;
    header[3] = 0;
    Bytes.putInt(header, 4, storedLength);
    Bytes.putInt(header, 8, payload.size());
    CRC32C crc = new CRC32C();
    crc.update(header, 0, header.length);
    crc.update(stored, 0, storedLength);
    Bytes.putInt(checksum, 0, (int) crc.getValue());
    out.write(header);
    out.write(stored, 0, storedLength);
    out.write(checksum);
    BlockHandle handle = new BlockHandle(position, BlockFormat.BLOCK_OVERHEAD + storedLength);
    position += handle.size();
    return handle;
  }

  /** Writes raw bytes (the trailer), which are not a block. */
  void writeRaw(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
    position += len;
  }
}
