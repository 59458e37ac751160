package io.strata.it.coprocessor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.client.Admin;
import io.strata.client.Connection;
import io.strata.client.ConnectionFactory;
import io.strata.client.NamespaceDescriptor;
import io.strata.common.conf.StrataConfiguration;
import io.strata.common.error.CoprocessorException;
import io.strata.common.schema.ColumnFamilyDescriptor;
import io.strata.common.schema.TableDescriptor;
import io.strata.common.schema.TableName;
import io.strata.common.util.Bytes;
import io.strata.it.minicluster.MiniCluster;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Master observers on a mini cluster: loaded from strata.coprocessor.master.classes, every
 * hook fires around its operation as the calling user, a pre hook vetoes or changes a schema.
 */
class MasterObserverTest {
  @TempDir
  Path dir;

  @Test
  void hooksFireAroundEveryMasterOperation() throws Exception {
    MasterObservers.CALLS.clear();
    StrataConfiguration conf = MiniCluster.configuration(dir).set(
        "strata.coprocessor.master.classes", MasterObservers.Recorder.class.getName() + ","
            + MasterObservers.Guard.class.getName());
    TableName t = TableName.valueOf("ns:t");
    try (MiniCluster cluster = MiniCluster.start(conf, dir, 2);
        Connection conn = ConnectionFactory.createConnection(cluster.configuration()
            .set("strata.client.user", "carol"))) {
      Admin admin = conn.getAdmin();
      MiniCluster.waitFor(() -> MasterObservers.CALLS.contains("postStartMaster true -"),
          Duration.ofSeconds(30), "the master to start its coprocessors");
      assertEquals(List.of("postStartMaster true -"), MasterObservers.CALLS);
      MasterObservers.CALLS.clear();

      admin.createNamespace(NamespaceDescriptor.create("ns").build());
      admin.modifyNamespace(NamespaceDescriptor.create("ns").addConfiguration("k", "v")
          .build());
      admin.createTable(TableDescriptor.newBuilder(t).setColumnFamily(ColumnFamilyDescriptor
          .of("f")).build(), new byte[][] {Bytes.toBytes("m")});
      admin.modifyTable(TableDescriptor.newBuilder(admin.getDescriptor(t))
          .setColumnFamily(ColumnFamilyDescriptor.of("g")).build());
      assertEquals("yes", admin.getDescriptor(t).getMetadata().get("audited"), "the guard's stamp");
      admin.move(admin.getRegions(t).get(0).getEncodedName(), null); // to the other server
      admin.split(t, Bytes.toBytes("x"));
      admin.balance();
      admin.disableTable(t);
      admin.truncateTable(t, false);
      admin.disableTable(t);
      admin.enableTable(t);
      admin.disableTable(t);
      admin.deleteTable(t);
      admin.deleteNamespace("ns");

      assertEquals(List.of(
          "preCreateNamespace ns carol", "postCreateNamespace ns carol",
          "preModifyNamespace {}>{k=v} carol", "postModifyNamespace ns carol",
          "preCreateTable ns:t/1 carol", "postCreateTable ns:t carol",
          "preModifyTable ns:t/1>2 carol", "postModifyTable ns:t/yes carol",
          "preMove ns:t/true carol", "postMove ns:t carol",
          "preSplitRegion ns:t/x carol", "postSplitRegion ns:t carol",
          "preBalance  -", "postBalance true -",
          "preDisableTable ns:t carol", "postDisableTable ns:t carol",
          "preTruncateTable ns:t carol", "postTruncateTable ns:t carol",
          "preDisableTable ns:t carol", "postDisableTable ns:t carol",
          "preEnableTable ns:t carol", "postEnableTable ns:t carol",
          "preDisableTable ns:t carol", "postDisableTable ns:t carol",
          "preDeleteTable ns:t carol", "postDeleteTable ns:t carol",
          "preDeleteNamespace ns carol", "postDeleteNamespace ns carol"),
          MasterObservers.CALLS);

      // A veto refuses the request, with the coprocessor's message, before anything changes.
      MasterObservers.CALLS.clear();
      CoprocessorException veto = assertThrows(CoprocessorException.class,
          () -> admin.createTable(TableDescriptor.newBuilder(TableName.valueOf("forbidden"))
              .setColumnFamily(ColumnFamilyDescriptor.of("f")).build()));
      assertEquals("tables named forbidden are refused", veto.getMessage());
      assertFalse(admin.tableExists(TableName.valueOf("forbidden")));
      assertEquals(List.of("preCreateTable forbidden/0 carol"), MasterObservers.CALLS);
      MasterObservers.CALLS.clear();
    }
    assertEquals(List.of("preStopMaster  -"), MasterObservers.CALLS);
  }
}
