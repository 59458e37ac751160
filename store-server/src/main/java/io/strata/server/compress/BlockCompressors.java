package io.strata.server.compress;

import com.github.luben.zstd.Zstd;
import io.strata.common.schema.Compression;
import java.io.IOException;
import java.util.Arrays;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;
import org.xerial.snappy.Snappy;

/** The codec for each {@link Compression}: GZ from the JDK, the others from their libraries. */
public final class BlockCompressors {
  private static final int ZSTD_LEVEL = 3;

  private BlockCompressors() {}

  public static BlockCompressor forAlgorithm(Compression c) {
    return switch (c) {
      case NONE -> NONE;
      case GZ -> GZ;
      case SNAPPY -> SNAPPY;
      case LZ4 -> LZ4;
      case ZSTD -> ZSTD;
    };
  }

  /** The codec with this durable id; an unknown id means a damaged or newer file. */
  public static BlockCompressor forId(int id) throws IOException {
    for (Compression c : Compression.values()) {
      BlockCompressor b = forAlgorithm(c);
      if (b.id() == id) {
        return b;
      }
    }
    throw new IOException("unknown compression codec id " + id
        + " (the file is damaged or was written by a newer Strata)");
  }

  private static void checkLength(String codec, int got, int want) throws IOException {
    if (got != want) {
      throw new IOException(codec + " block decompressed to " + got + " bytes, expected " + want);
    }
  }

  static final BlockCompressor NONE = new BlockCompressor() {
    public int id() {
      return 0;
    }

    public Compression algorithm() {
      return Compression.NONE;
    }

    public byte[] compress(byte[] src, int off, int len) {
      return Arrays.copyOfRange(src, off, off + len);
    }

    public void decompress(byte[] src, int off, int len, byte[] dst, int uncompressedLength)
        throws IOException {
      checkLength("uncompressed", len, uncompressedLength);
      System.arraycopy(src, off, dst, 0, len);
    }
  };

  static final BlockCompressor GZ = new BlockCompressor() {
    public int id() {
      return 1;
    }

    public Compression algorithm() {
      return Compression.GZ;
    }

    public byte[] compress(byte[] src, int off, int len) {
      Deflater d = new Deflater(Deflater.DEFAULT_COMPRESSION);
      try {
        d.setInput(src, off, len);
        d.finish();
        byte[] out = new byte[len + len / 100 + 64];
        int n = 0;
        while (!d.finished()) {
          if (n == out.length) {
            out = Arrays.copyOf(out, out.length * 2);
          }
          n += d.deflate(out, n, out.length - n);
        }
        return Arrays.copyOf(out, n);
      } finally {
        d.end();
      }
    }

    public void decompress(byte[] src, int off, int len, byte[] dst, int uncompressedLength)
        throws IOException {
      Inflater inf = new Inflater();
      try {
        inf.setInput(src, off, len);
        int n = 0;
        while (n < uncompressedLength && !inf.finished()) {
          int got = inf.inflate(dst, n, uncompressedLength - n);
          if (got == 0 && (inf.needsInput() || inf.needsDictionary())) {
            break;
          }
          n += got;
        }
        checkLength("GZ", n, uncompressedLength);
      } catch (DataFormatException e) {
        throw new IOException("GZ block is malformed: " + e.getMessage(), e);
      } finally {
        inf.end();
      }
    }
  };

  static final BlockCompressor SNAPPY = new BlockCompressor() {
    public int id() {
      return 2;
    }

    public Compression algorithm() {
      return Compression.SNAPPY;
    }

    public byte[] compress(byte[] src, int off, int len) throws IOException {
      byte[] out = new byte[Snappy.maxCompressedLength(len)];
      int n = Snappy.compress(src, off, len, out, 0);
      return Arrays.copyOf(out, n);
    }

    public void decompress(byte[] src, int off, int len, byte[] dst, int uncompressedLength)
        throws IOException {
      if (!Snappy.isValidCompressedBuffer(src, off, len)
          || Snappy.uncompressedLength(src, off, len) != uncompressedLength) {
        throw new IOException("SNAPPY block is malformed or not " + uncompressedLength
            + " bytes uncompressed");
      }
      checkLength("SNAPPY", Snappy.uncompress(src, off, len, dst, 0), uncompressedLength);
    }
  };

  /**
   * LZ4's codec, made on first use: loading lz4-java unpacks its JNI library into
   * java.io.tmpdir, removed at a normal exit only, so every server killed after loading it left
   * a copy behind for good. Only a server with LZ4 files loads it now.
   */
  private static final class Lz4 {
    static final LZ4Compressor COMPRESSOR = LZ4Factory.fastestInstance().fastCompressor();
    static final LZ4SafeDecompressor DECOMPRESSOR =
        LZ4Factory.fastestInstance().safeDecompressor();
  }

  static final BlockCompressor LZ4 = new BlockCompressor() {
    public int id() {
      return 3;
    }

    public Compression algorithm() {
      return Compression.LZ4;
    }

    public byte[] compress(byte[] src, int off, int len) {
      LZ4Compressor compressor = Lz4.COMPRESSOR;
      byte[] out = new byte[compressor.maxCompressedLength(len)];
      int n = compressor.compress(src, off, len, out, 0, out.length);
      return Arrays.copyOf(out, n);
    }

    public void decompress(byte[] src, int off, int len, byte[] dst, int uncompressedLength)
        throws IOException {
      try {
        checkLength("LZ4", Lz4.DECOMPRESSOR.decompress(src, off, len, dst, 0,
            uncompressedLength), uncompressedLength);
      } catch (LZ4Exception e) {
        throw new IOException("LZ4 block is malformed: " + e.getMessage(), e);
      }
    }
  };

  static final BlockCompressor ZSTD = new BlockCompressor() {
    public int id() {
      return 4;
    }

    public Compression algorithm() {
      return Compression.ZSTD;
    }

    public byte[] compress(byte[] src, int off, int len) throws IOException {
      byte[] out = new byte[(int) Zstd.compressBound(len)];
      long n = Zstd.compressByteArray(out, 0, out.length, src, off, len, ZSTD_LEVEL);
      if (Zstd.isError(n)) {
        throw new IOException("ZSTD compression failed: " + Zstd.getErrorName(n));
      }
      return Arrays.copyOf(out, (int) n);
    }

    public void decompress(byte[] src, int off, int len, byte[] dst, int uncompressedLength)
        throws IOException {
      long n = Zstd.decompressByteArray(dst, 0, uncompressedLength, src, off, len);
      if (Zstd.isError(n)) {
        throw new IOException("ZSTD block is malformed: " + Zstd.getErrorName(n));
      }
      checkLength("ZSTD", (int) n, uncompressedLength);
    }
  };
}
