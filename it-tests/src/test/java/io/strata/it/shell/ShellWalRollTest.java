package io.strata.it.shell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.it.minicluster.MiniCluster;
import io.strata.server.regionserver.RegionServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** wal_roll starts a new WAL file on the server named, as HBase's shell does. */
class ShellWalRollTest {
  @TempDir
  Path dir;

  @Test
  void walRollStartsANewWalFileOnTheServerNamed() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(dir, 1)) {
      ShellRunner shell = new ShellRunner(cluster.configuration());
      RegionServer rs = cluster.regionServer(0);
      String before = newestWal(rs);
      ShellRunner.Outcome rolled = shell.execute("wal_roll '" + rs.serverName() + "'");
      assertEquals("", rolled.err());
      assertEquals(0, rolled.status());
      assertNotEquals(before, newestWal(rs));
      ShellRunner.Outcome bad = shell.execute("wal_roll 'rs1'");
      assertEquals(1, bad.status());
      assertTrue(bad.err().startsWith("ERROR: 'rs1' is not a server name host,port,startcode"
          + " (such as 'host1,17020,1700000000000')"), bad.err());
    }
  }

  private String newestWal(RegionServer rs) throws java.io.IOException {
    Path walDir = Path.of(RegionServer.walDir(new org.apache.hadoop.fs.Path(dir.resolve("root")
        .toUri()), rs.serverName()).toUri().getPath());
    try (Stream<Path> files = Files.list(walDir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("wal."))
          .sorted().reduce((a, b) -> b).orElse("");
    }
  }
}
