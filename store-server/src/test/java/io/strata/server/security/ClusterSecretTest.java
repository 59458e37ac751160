package io.strata.server.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cluster secret's file: made once, kept, read back, refused when it is not one. */
class ClusterSecretTest {
  @TempDir
  java.nio.file.Path dir;

  private FileSystem fs() throws IOException {
    return FileSystem.getLocal(new Configuration()).getRawFileSystem();
  }

  @Test
  void theFirstDaemonMakesItAndEveryOtherReadsTheSame() throws Exception {
    Path root = new Path(dir.resolve("root").toUri());
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<ClusterSecret>> starts = new ArrayList<>();
      for (int i = 0; i < 8; i++) { // daemons starting at once
        starts.add(pool.submit(() -> ClusterSecret.loadOrCreate(fs(), root)));
      }
      Set<String> tokens = new HashSet<>();
      for (Future<ClusterSecret> s : starts) {
        tokens.add(java.util.HexFormat.of().formatHex(s.get().token()));
      }
      assertEquals(1, tokens.size(), "one secret, whoever made it");
    } finally {
      pool.shutdownNow();
    }
    java.nio.file.Path file = dir.resolve("root/cluster.secret");
    String text = Files.readString(file);
    assertTrue(text.matches("strata-cluster-secret 1\n[0-9a-f]{64}\n"), text);
    assertEquals("rw-------", PosixFilePermissions.toString(
        Files.getPosixFilePermissions(file)));
    try (var left = Files.list(dir.resolve("root"))) {
      assertEquals(List.of("cluster.secret"), left.map(p -> p.getFileName().toString())
          .toList(), "no temporary file is left");
    }
    ClusterSecret again = ClusterSecret.loadOrCreate(fs(), root);
    assertTrue(again.matches(java.util.HexFormat.of().parseHex(text.split("\n")[1])));
    assertFalse(again.matches(new byte[32]));
  }

  @Test
  void aFileThatIsNotASecretIsRefusedSayingWhatToDo() throws Exception {
    Path file = new Path(dir.resolve("cluster.secret").toUri());
    assertEquals(file + " is not a Strata cluster secret; delete it to have the next daemon to"
        + " start make a new one (then restart every daemon)", assertThrows(IOException.class,
            () -> ClusterSecret.parse(file, "hello\n".getBytes(StandardCharsets.US_ASCII)))
            .getMessage());
    assertTrue(assertThrows(IOException.class, () -> ClusterSecret.parse(file,
        "strata-cluster-secret 2\nab\n".getBytes(StandardCharsets.US_ASCII))).getMessage()
        .contains(": cluster secret format version 2 is not known to this version"));
    assertEquals(file + " holds no secret of 32 bytes in hex (1 bytes)",
        assertThrows(IOException.class, () -> ClusterSecret.parse(file,
            "strata-cluster-secret 1\nab\n".getBytes(StandardCharsets.US_ASCII))).getMessage());
    byte[] token = new byte[32];
    token[0] = 7;
    assertArrayEquals(token, ClusterSecret.parse(file, ClusterSecret.format(token)).token());
  }
}
