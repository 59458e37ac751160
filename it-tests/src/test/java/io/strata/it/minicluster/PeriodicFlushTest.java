package io.strata.it.minicluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Table;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.server.region.Region;
import io.strata.server.regionserver.RegionServer;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A table written a little and then left alone, on a server whose flush period is short: its
 * region is flushed by age, and the WAL files its edits kept go to the archive once the WAL
 * rolls by age, leaving one file.
 */
class PeriodicFlushTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final TableName T = TableName.valueOf("quiet");

  @TempDir
  Path dir;

  @Test
  void aQuietTablesEditsAreFlushedByAgeAndTheirWalFilesArchived() throws Exception {
    StrataConfiguration conf = MiniCluster.configuration(dir)
        .set("strata.memstore.flush.period", "1s")
        .set("strata.wal.roll.period", "1s");
    try (MiniCluster c = MiniCluster.start(conf, dir, 1);
        Connection conn = c.connect()) {
      try (Admin admin = conn.getAdmin()) {
        admin.createTable(TableDescriptor.newBuilder(T)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build());
      }
      Table t = conn.getTable(T);
      for (int i = 0; i < 10; i++) {
        t.put(new Put(Bytes.toBytes("row" + i)).addColumn(CF, CF, Bytes.toBytes(i)));
      }
      RegionServer rs = c.regionServer(0);
      String name = conn.getRegionLocator(T).getRegionLocation(Bytes.toBytes("row0"))
          .region().getEncodedName();
      Region region = rs.region(name);
      MiniCluster.waitFor(() -> region.fileCount() == 1 && region.memStoreSize() == 0,
          Duration.ofSeconds(30), "the quiet region flushed into one file");
      File walDir = new File(RegionServer.walDir(new org.apache.hadoop.fs.Path(
          dir.resolve("root").toUri()), rs.serverName()).toUri().getPath());
      MiniCluster.waitFor(() -> {
        String[] files = walDir.list();
        return files != null && files.length == 1;
      }, Duration.ofSeconds(30), "one WAL file left, the others archived");
      for (int i = 0; i < 10; i++) {
        assertEquals(i, Bytes.toInt(t.get(new Get(Bytes.toBytes("row" + i))).getValue(CF, CF)));
      }
    }
  }
}
