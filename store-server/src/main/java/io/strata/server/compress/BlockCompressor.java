package io.strata.server.compress;

import io.strata.common.schema.Compression;
import java.io.IOException;

/**
 * Compresses and decompresses whole blocks. Implementations are stateless and thread-safe.
 * {@link #id()} is written into every block header, so ids never change.
 */
public interface BlockCompressor {
  /** Durable codec id: NONE 0, GZ 1, SNAPPY 2, LZ4 3, ZSTD 4. */
  int id();

  Compression algorithm();

  /** Compresses {@code len} bytes of {@code src} from {@code off}; returns exactly the output. */
  byte[] compress(byte[] src, int off, int len) throws IOException;

  /**
   * Decompresses {@code len} bytes of {@code src} from {@code off} into {@code dst}, which must
   * come out at exactly {@code uncompressedLength} bytes, or an IOException says it did not.
   */
  void decompress(byte[] src, int off, int len, byte[] dst, int uncompressedLength)
      throws IOException;
}
