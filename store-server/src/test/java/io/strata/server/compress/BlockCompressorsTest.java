package io.strata.server.compress;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.common.schema.Compression;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BlockCompressorsTest {
  @TempDir
  Path dir;

  @Test
  void everyCodecGivesBackWhatItTookAndIsFoundByItsId() throws IOException {
    byte[] block = new byte[70_000];
    Random r = new Random(42);
    for (int i = 0; i < block.length; i += 8) { // runs of 8 letters, as pe's values
      Arrays.fill(block, i, Math.min(block.length, i + 8), (byte) ('A' + r.nextInt(26)));
    }
    for (Compression c : Compression.values()) {
      BlockCompressor codec = BlockCompressors.forAlgorithm(c);
      assertEquals(c, codec.algorithm());
      assertSame(codec, BlockCompressors.forId(codec.id()));
      byte[] packed = codec.compress(block, 100, 60_000);
      if (c != Compression.NONE) {
        assertTrue(packed.length < 60_000, c + " packed runs into " + packed.length);
      }
      byte[] back = new byte[60_000];
      codec.decompress(packed, 0, packed.length, back, back.length);
      assertArrayEquals(Arrays.copyOfRange(block, 100, 60_100), back, c.name());
    }
    IOException unknown = assertThrows(IOException.class, () -> BlockCompressors.forId(9));
    assertEquals("unknown compression codec id 9 (the file is damaged or was written by a newer "
        + "Strata)", unknown.getMessage());
  }

  /**
   * lz4-java unpacks its JNI library into java.io.tmpdir when it loads, and only a normal exit
   * removes it: a server that loaded it for nothing and was then killed left it there for good.
   */
  @Test
  void lz4sLibraryIsUnpackedOnlyWhenAnLz4BlockIsWrittenOrRead() throws Exception {
    String java = ProcessHandle.current().info().command().orElse("java");
    Path out = dir.resolve("probe.out");
    // Native access granted as bin/strata grants it: JDK 24 and later warn on stderr otherwise.
    Process child = new ProcessBuilder(List.of(java, "-Djava.io.tmpdir=" + dir,
        "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
        Lz4UseProbe.class.getName()))
        .redirectErrorStream(true).redirectOutput(out.toFile()).start();
    try {
      assertTrue(child.waitFor(120, TimeUnit.SECONDS), "the probe did not end in 120 s");
      assertEquals(0, child.exitValue(), Files.readString(out));
      // The library and its lock file, once LZ4 is used (so the first count could have been 2).
      assertEquals("before=0 after=2 same=true", Files.readString(out).trim());
    } finally {
      child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
  }
}
