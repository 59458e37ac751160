package io.strata.it.coprocessor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CoprocessorException;
import io.strata.it.minicluster.MiniCluster;
import io.strata.server.regionserver.RegionServer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Region server observers: loaded from strata.coprocessor.regionserver.classes, told of asked
 * WAL rolls (which one may refuse) and of the server's stop.
 */
class RegionServerObserverTest {
  @TempDir
  Path dir;

  @Test
  void walRollsAndTheStopAreObserved() throws Exception {
    RegionServerObservers.CALLS.clear();
    RegionServerObservers.refuseRolls = false;
    StrataConfiguration conf = MiniCluster.configuration(dir).set(
        "strata.coprocessor.regionserver.classes", RegionServerObservers.Recorder.class
            .getName() + "," + RegionServerObservers.RollGuard.class.getName());
    try (MiniCluster cluster = MiniCluster.start(conf, dir, 1);
        Connection conn = ConnectionFactory.createConnection(cluster.configuration()
            .set("strata.client.user", "dave"))) {
      Admin admin = conn.getAdmin();
      RegionServer rs = cluster.regionServer(0);
      String before = newestWal(dir, rs);
      admin.rollWALWriter(rs.serverName());
      String after = newestWal(dir, rs);
      assertNotEquals(before, after, "a new WAL file");
      assertEquals(List.of("preRollWALWriterRequest dave", "postRollWALWriterRequest dave"),
          RegionServerObservers.CALLS);

      RegionServerObservers.CALLS.clear();
      RegionServerObservers.refuseRolls = true;
      CoprocessorException refused = assertThrows(CoprocessorException.class,
          () -> admin.rollWALWriter(rs.serverName()));
      assertEquals("no WAL rolls now", refused.getMessage());
      assertEquals(after, newestWal(dir, rs), "no roll");
      assertEquals(List.of("preRollWALWriterRequest dave"), RegionServerObservers.CALLS);
      RegionServerObservers.refuseRolls = false;

      RegionServerObservers.CALLS.clear();
      cluster.stopRegionServer(0); // a clean stop, not a kill
      assertEquals(List.of("preStopRegionServer -"), RegionServerObservers.CALLS);
    }
  }

  /** The name of the server's newest WAL file. */
  private static String newestWal(Path dir, RegionServer rs) throws IOException {
    Path walDir = Path.of(RegionServer.walDir(new org.apache.hadoop.fs.Path(dir.resolve("root")
        .toUri()), rs.serverName()).toUri().getPath());
    try (Stream<Path> files = Files.list(walDir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith("wal."))
          .sorted().reduce((a, b) -> b).orElse("");
    }
  }
}
