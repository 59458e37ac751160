package io.strata.it.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.client.Admin;
import io.strata.client.BufferedMutator;
import io.strata.client.BufferedMutatorParams;
import io.strata.client.Connection;
import io.strata.client.Get;
import io.strata.client.Put;
import io.strata.client.Result;
import io.strata.client.Table;
import io.strata.common.conf.ServerKeys;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.Durability;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Region servers without ClientService.PutBatch (as of an earlier release, or with
 * strata.regionserver.put.batch off): the client's batches of plain puts, refused by name, go
 * again as Multi, and every put is written once.
 */
class PutBatchFallbackTest {
  private static final byte[] CF = Bytes.toBytes("f");

  @TempDir
  Path dir;

  @Test
  void batchesOfPlainPutsGoAsMultiToAServerWithoutPutBatch() throws Exception {
    try (MiniCluster cluster = MiniCluster.start(MiniCluster.configuration(dir)
        .set(ServerKeys.PUT_BATCH.name(), "false"), dir, 2);
        Connection conn = cluster.connect()) {
      TableName name = TableName.valueOf("fallback");
      try (Admin admin = conn.getAdmin()) {
        admin.createTable(TableDescriptor.newBuilder(name)
            .setColumnFamily(ColumnFamilyDescriptor.of("f")).build(),
            new byte[][] {row(1000)});
      }
      try (BufferedMutator m = conn.getBufferedMutator(new BufferedMutatorParams(name)
          .writeBufferSize(4096))) {
        for (int i = 0; i < 2000; i++) {
          Put put = new Put(row(i)).addColumn(CF, CF, Bytes.toBytes(i));
          put.setDurability(Durability.SYNC_WAL);
          m.mutate(put);
        }
      }
      Table t = conn.getTable(name);
      List<Put> batch = new ArrayList<>();
      for (int i = 2000; i < 2100; i++) {
        batch.add(new Put(row(i)).addColumn(CF, CF, Bytes.toBytes(i)));
      }
      t.put(batch);
      for (int i = 0; i < 2100; i++) {
        Result r = t.get(new Get(row(i)));
        assertEquals(i, Bytes.toInt(r.getValue(CF, CF)), "row " + i);
      }
    }
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("r%05d", i));
  }
}
