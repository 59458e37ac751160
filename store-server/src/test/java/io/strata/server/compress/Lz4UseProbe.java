package io.strata.server.compress;

import io.strata.common.schema.Compression;
import java.io.File;
import java.util.Arrays;

/**
 * Run in a JVM of its own by {@link BlockCompressorsTest}: uses every codec but LZ4, says how
 * many of lz4-java's unpacked libraries are in java.io.tmpdir, then uses LZ4 and says again.
 */
public final class Lz4UseProbe {
  private Lz4UseProbe() {}

  public static void main(String[] args) throws Exception {
    byte[] block = "a block of cells, a block of cells".getBytes();
    for (Compression c : Compression.values()) {
      BlockCompressor codec = BlockCompressors.forId(BlockCompressors.forAlgorithm(c).id());
      if (c != Compression.LZ4 && c != Compression.SNAPPY && c != Compression.ZSTD) {
        codec.compress(block, 0, block.length);
      }
    }
    int before = unpacked();
    byte[] packed = BlockCompressors.LZ4.compress(block, 0, block.length);
    byte[] back = new byte[block.length];
    BlockCompressors.LZ4.decompress(packed, 0, packed.length, back, block.length);
    System.out.println("before=" + before + " after=" + unpacked() + " same="
        + Arrays.equals(block, back));
  }

  private static int unpacked() {
    String[] names = new File(System.getProperty("java.io.tmpdir"))
        .list((dir, name) -> name.startsWith("liblz4-java"));
    return names == null ? -1 : names.length;
  }
}
