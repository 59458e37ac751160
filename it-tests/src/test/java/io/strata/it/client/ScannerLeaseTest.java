package io.strata.it.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.client.Admin;
import io.strata.client.AsyncConnection;
import io.strata.client.AsyncResultScanner;
import io.strata.client.AsyncTable;
import io.strata.client.ConnectionFactory;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Scan;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import io.strata.server.regionserver.RegionServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Scanners a client abandons are closed by their lease, freeing what they hold. */
class ScannerLeaseTest {
  @TempDir
  Path dir;

  private static int openScanners(MiniCluster c) {
    int n = 0;
    for (RegionServer rs : c.regionServers()) {
      n += rs.openScanners();
    }
    return n;
  }

  @Test
  void tenThousandAbandonedScannersAreAllReleasedByTheirLeases() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        // Long enough that none expires while the 10,000 are still being opened (2 s was
        // not, on a loaded 2-core machine).
        .set("strata.regionserver.scanner.lease.timeout", "8s")
        // One client abandons them all: past the per-connection limit that stops such a
        // client (ClientLimitsTest), which this test lifts to see the leases do their work.
        .set("strata.regionserver.scanners.max.per.connection", "20000");
    try (MiniCluster c = MiniCluster.start(conf, dir, 1);
        AsyncConnection async = ConnectionFactory.createAsyncConnection(c.configuration())
            .get(30, TimeUnit.SECONDS)) {
      TableName name = TableName.valueOf("leased");
      try (Admin admin = c.connect().getAdmin()) {
        admin.createTable(TableDescriptor.newBuilder(name).setColumnFamily(
            ColumnFamilyDescriptor.of("f")).build());
      }
      AsyncTable t = async.getTable(name);
      for (int i = 0; i < 3; i++) {
        t.put(new Put(Bytes.toBytes("row" + i)).addColumn(Bytes.toBytes("f"),
            Bytes.toBytes("q"), Bytes.toBytes(i))).get(30, TimeUnit.SECONDS);
      }
      int scanners = 10_000;
      List<AsyncResultScanner> abandoned = new ArrayList<>();
      // One row a call: each scanner stays open on the server after its first answer.
      for (int batch = 0; batch < scanners; batch += 1000) {
        List<CompletableFuture<Result>> firsts = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
          AsyncResultScanner s = t.openScanner(new Scan().setCaching(1));
          abandoned.add(s);
          firsts.add(s.next());
        }
        for (CompletableFuture<Result> f : firsts) {
          assertEquals("row0", Bytes.toString(f.get(60, TimeUnit.SECONDS).getRow()));
        }
      }
      assertEquals(scanners, openScanners(c), "every scanner open on the server");
      MiniCluster.waitFor(() -> openScanners(c) == 0, Duration.ofSeconds(60),
          "the leases to close the abandoned scanners");
      // An abandoned scanner used again reopens after its last row and goes on.
      Result second = abandoned.get(0).next().get(30, TimeUnit.SECONDS);
      assertEquals("row1", Bytes.toString(second.getRow()));
      abandoned.get(0).close();
    }
  }
}
